package org.queuelab.population;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A class file written by hand for the population kit's generated code ({@link RateCompiler}, {@link LoopCompiler}):
 * its constant pool, its methods, and the class itself, defined as a hidden class implementing one interface. The
 * version is 49 (no stack-map frames: the type-inferring verifier checks the branches), written with the JDK alone.
 */
final class ClassFileBuilder {

    private static final String OBJECT = "java/lang/Object";

    private final ByteArrayOutputStream poolBytes = new ByteArrayOutputStream();
    private final DataOutputStream pool = new DataOutputStream(poolBytes);
    private final Map<String, Integer> constants = new HashMap<>();
    private final List<byte[]> methods = new ArrayList<>();
    private int poolCount = 1;
    private final int self;

    /** A class named {@code internalName} (its hidden class gets a suffix), with a public no-argument constructor. */
    ClassFileBuilder(String internalName) {
        try {
            self = classRef(internalName);
            Code code = new Code();
            code.op(0x2a);                                                  // aload_0
            code.op(0xb7).u2(methodRef(classRef(OBJECT), "<init>", "()V"));  // invokespecial
            code.op(0xb1);
            method(0x0001, "<init>", "()V", 1, 1, code);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The constant-pool index of this class. */
    int self() {
        return self;
    }

    /**
     * Defines the class (public final, extending Object, implementing {@code face}) as a hidden class next to
     * this one and returns a new instance.
     */
    <T> T instantiate(Class<T> face, String what) {
        try {
            int object = classRef(OBJECT);
            int iface = classRef(face.getName().replace('.', '/'));
            int codeName = utf8("Code");
            assert codeName > 0;
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(0xCAFEBABE);
            out.writeShort(0);
            out.writeShort(49);
            out.writeShort(poolCount);
            pool.flush();
            out.write(poolBytes.toByteArray());
            out.writeShort(0x0031);   // public final super
            out.writeShort(self);
            out.writeShort(object);
            out.writeShort(1);
            out.writeShort(iface);
            out.writeShort(0);        // fields
            out.writeShort(methods.size());
            for (byte[] m : methods) {
                out.write(m);
            }
            out.writeShort(0);        // attributes
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(bytes.toByteArray(), true);
            return face.cast(hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                    .invoke());
        } catch (Throwable e) {
            throw new IllegalStateException("compiling " + what + " failed", e);
        }
    }

    /** Adds a method with this code (no exception table, no attributes). */
    void method(int access, String name, String descriptor, int maxStack, int maxLocals, Code code)
            throws IOException {
        byte[] body = code.bytes();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeShort(access);
        out.writeShort(utf8(name));
        out.writeShort(utf8(descriptor));
        out.writeShort(1);
        out.writeShort(utf8("Code"));
        out.writeInt(12 + body.length);
        out.writeShort(maxStack);
        out.writeShort(maxLocals);
        out.writeInt(body.length);
        out.write(body);
        out.writeShort(0);   // exception table
        out.writeShort(0);   // attributes
        methods.add(bytes.toByteArray());
    }

    int utf8(String s) throws IOException {
        Integer known = constants.get("U" + s);
        if (known != null) {
            return known;
        }
        pool.writeByte(1);
        pool.writeUTF(s);
        constants.put("U" + s, poolCount);
        return poolCount++;
    }

    int classRef(String internalName) throws IOException {
        Integer known = constants.get("C" + internalName);
        if (known != null) {
            return known;
        }
        int name = utf8(internalName);
        pool.writeByte(7);
        pool.writeShort(name);
        constants.put("C" + internalName, poolCount);
        return poolCount++;
    }

    int methodRef(int owner, String name, String descriptor) throws IOException {
        String key = "M" + owner + "." + name + descriptor;
        Integer known = constants.get(key);
        if (known != null) {
            return known;
        }
        int n = utf8(name);
        int d = utf8(descriptor);
        pool.writeByte(12);
        pool.writeShort(n);
        pool.writeShort(d);
        int nameAndType = poolCount++;
        pool.writeByte(10);
        pool.writeShort(owner);
        pool.writeShort(nameAndType);
        constants.put(key, poolCount);
        return poolCount++;
    }

    int intConstant(int value) throws IOException {
        String key = "I" + value;
        Integer known = constants.get(key);
        if (known != null) {
            return known;
        }
        pool.writeByte(3);
        pool.writeInt(value);
        constants.put(key, poolCount);
        return poolCount++;
    }

    int longConstant(long value) throws IOException {
        return wideConstant(5, value);
    }

    int doubleConstant(double value) throws IOException {
        return wideConstant(6, Double.doubleToLongBits(value));
    }

    /** A CONSTANT_Long (tag 5) or CONSTANT_Double (tag 6) entry holding these 64 bits; it takes two entries. */
    private int wideConstant(int tag, long bits) throws IOException {
        String key = tag + ":" + bits;
        Integer known = constants.get(key);
        if (known != null) {
            return known;
        }
        pool.writeByte(tag);
        pool.writeLong(bits);
        constants.put(key, poolCount);
        int index = poolCount;
        poolCount += 2;
        return index;
    }

    /** A method's code being written; forward branches are patched once their target is known. */
    static final class Code {
        private byte[] bytes = new byte[256];
        private int size;

        Code op(int opcode) {
            if (size == bytes.length) {
                bytes = java.util.Arrays.copyOf(bytes, 2 * size);
            }
            bytes[size++] = (byte) opcode;
            return this;
        }

        Code u2(int v) {
            op(v >>> 8);
            return op(v);
        }

        Code u4(int v) {
            u2(v >>> 16);
            return u2(v & 0xffff);
        }

        int size() {
            return size;
        }

        /** Overwrites the two bytes at {@code at} (a branch offset written before its target was known). */
        void patch2(int at, int v) {
            bytes[at] = (byte) (v >>> 8);
            bytes[at + 1] = (byte) v;
        }

        /** Overwrites the four bytes at {@code at}. */
        void patch4(int at, int v) {
            patch2(at, v >>> 16);
            patch2(at + 2, v & 0xffff);
        }

        /** Appends another piece of code without branches or switches (so it may move). */
        Code append(Code other) {
            for (int i = 0; i < other.size; i++) {
                op(other.bytes[i]);
            }
            return this;
        }

        /** The shortest push of an int constant (iconst, bipush, sipush, ldc/ldc_w). */
        Code pushInt(ClassFileBuilder writer, int v) throws IOException {
            if (v >= -1 && v <= 5) {
                return op(0x03 + v);
            }
            if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                return op(0x10).op(v & 0xff);
            }
            if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                return op(0x11).u2(v & 0xffff);
            }
            int index = writer.intConstant(v);
            return index < 256 ? op(0x12).op(index) : op(0x13).u2(index);
        }

        /** aload of a slot: aload_n for slots 0..3, else aload n. */
        Code aload(int slot) {
            return local(0x19, 0x2a, slot);
        }

        /** A load or store of a slot: the one-byte form for slots 0..3, the two-byte form, or wide. */
        Code local(int opcode, int shortForm, int slot) {
            if (slot <= 3) {
                return op(shortForm + slot);
            }
            if (slot <= 255) {
                return op(opcode).op(slot);
            }
            return op(0xc4).op(opcode).u2(slot);
        }

        byte[] bytes() {
            return java.util.Arrays.copyOf(bytes, size);
        }
    }
}
