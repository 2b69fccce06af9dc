package org.queuelab.claims;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * One line of a claims register file split into fields, each with the column where it starts, so that a bad field
 * is reported as {@code file:line:column} (docs/claims.md §1). Fields may be double-quoted, with {@code ""} for a
 * quote; a register row never spans lines.
 */
record RegisterLine(Path file, int line, List<String> fields, List<Integer> columns) {

    static RegisterLine parse(Path file, int lineNumber, String line) {
        List<String> fields = new ArrayList<>();
        List<Integer> columns = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (true) {
            columns.add(i + 1);
            StringBuilder field = new StringBuilder();
            if (i < n && line.charAt(i) == '"') {
                int start = i++;
                while (true) {
                    if (i >= n) {
                        throw new IllegalArgumentException(file + ":" + lineNumber + ":" + (start + 1)
                                + ": a quoted field is not closed; allowed: \"…\" with \"\" for a quote, on one line");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < n && line.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(c);
                    }
                }
                if (i < n && line.charAt(i) != ',') {
                    throw new IllegalArgumentException(file + ":" + lineNumber + ":" + (i + 1)
                            + ": text after a closing quote; allowed: a comma");
                }
            } else {
                while (i < n && line.charAt(i) != ',') {
                    field.append(line.charAt(i++));
                }
            }
            fields.add(field.toString().strip());
            if (i >= n) {
                break;
            }
            i++;   // the comma
        }
        return new RegisterLine(file, lineNumber, Collections.unmodifiableList(fields),
                Collections.unmodifiableList(columns));
    }

    /** An error at the start of field {@code index}. */
    IllegalArgumentException error(int index, String message) {
        int column = columns.get(Math.max(0, Math.min(index, columns.size() - 1)));
        return new IllegalArgumentException(file + ":" + line + ":" + column + ": " + message);
    }

    /** This row as a claim of {@code work}; any invalid field is reported with its position. */
    Claim claim(String work) {
        List<String> cols = ClaimsRegister.COLUMNS;
        String id = field("id");
        Claim.Source source = parseEnum(Claim.Source.class, "source", cols.indexOf("source"));
        Claim.Kind kind = parseEnum(Claim.Kind.class, "kind", cols.indexOf("kind"));
        Claim.Rule rule = parseEnum(Claim.Rule.class, "rule", cols.indexOf("rule"));
        double margin = Double.NaN;
        int marginIndex = cols.indexOf("margin");
        String m = fields.get(marginIndex);
        if (!m.isEmpty()) {
            try {
                margin = Double.parseDouble(m);
            } catch (NumberFormatException e) {
                throw error(marginIndex, "margin '" + m + "' is not a number; allowed: a number ≥ 0 or empty");
            }
        }
        try {
            return new Claim(work, id, field("where"), source, kind, rule, field("claim"), field("statement"),
                    field("judged_by"), margin, field("margin_reason"), field("not_testable_because"));
        } catch (IllegalArgumentException e) {
            throw error(columnOf(e.getMessage()), e.getMessage());
        }
    }

    private String field(String column) {
        return fields.get(ClaimsRegister.COLUMNS.indexOf(column));
    }

    private <E extends Enum<E>> E parseEnum(Class<E> type, String column, int index) {
        String value = fields.get(index);
        for (E e : type.getEnumConstants()) {
            if (e.name().replace('_', ' ').equalsIgnoreCase(value)) {
                return e;
            }
        }
        List<String> allowed = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            allowed.add(e.name().toLowerCase(Locale.ROOT).replace('_', ' '));
        }
        throw error(index, column + " '" + value + "' is unknown; allowed: " + String.join(", ", allowed));
    }

    /** The field that a claim's validation message is about: the column its text starts with, else the id. */
    private int columnOf(String message) {
        String id = field("id");
        String rest = message.startsWith(id + ": ") ? message.substring(id.length() + 2) : message;
        int best = 0;
        int bestLength = -1;
        for (int k = 0; k < ClaimsRegister.COLUMNS.size(); k++) {
            String name = ClaimsRegister.COLUMNS.get(k);
            if (rest.startsWith(name) && name.length() > bestLength) {
                best = k;
                bestLength = name.length();
            }
        }
        return best;
    }
}
