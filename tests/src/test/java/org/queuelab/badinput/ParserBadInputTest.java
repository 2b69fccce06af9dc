package org.queuelab.badinput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.arrival.CountTrace;
import org.queuelab.arrival.TimestampTrace;

/** Bad files: each refusal names the file and, for a bad value, its line and column and the expected form. */
class ParserBadInputTest {

    @TempDir
    Path dir;

    private static Path file(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @TestFactory
    Stream<DynamicTest> tracesWithTheirLineAndColumn() throws IOException {
        return table(dir).stream();
    }

    /** The rows, their files written in {@code dir}. */
    static BadInputCases table(Path dir) throws IOException {
        BadInputCases t = new BadInputCases();
        Path empty = file(dir, "empty.txt", "");
        t.add("timestamp trace: empty file", "is empty", () -> TimestampTrace.load(empty));
        Path comments = file(dir, "comments.txt", "# only a comment\n\n");
        t.add("timestamp trace: comments only", "no epoch", () -> TimestampTrace.load(comments));
        Path word = file(dir, "word.txt", "0.5\n1.0\n  abc\n");
        t.add("timestamp trace: a word on line 3", "word.txt:3:3", () -> TimestampTrace.load(word));
        Path unsorted = file(dir, "unsorted.txt", "1\n0.5\n");
        t.add("timestamp trace: unsorted on line 2", "unsorted.txt:2:1", () -> TimestampTrace.load(unsorted));
        Path negative = file(dir, "negative.txt", "-1\n");
        t.add("timestamp trace: negative epoch", "negative.txt:1:1", () -> TimestampTrace.load(negative));
        Path nan = file(dir, "nan.txt", "NaN\n");
        t.add("timestamp trace: NaN epoch", "nan.txt:1:1", () -> TimestampTrace.load(nan));
        t.add("timestamp trace: missing file", "path", () -> TimestampTrace.load(dir.resolve("missing.txt")));
        Path azureEmpty = file(dir, "azure-empty.csv", "");
        t.add("Azure trace: empty file", "is empty", () -> CountTrace.loadAzure(azureEmpty));
        Path header = file(dir, "azure-header.csv", "HashOwner,HashApp,HashFunction,Trigger,1,2\n");
        t.add("Azure trace: header only (not blamed on the hash function)", "header but no rows",
                () -> CountTrace.loadAzure(header));
        Path noMinutes = file(dir, "azure-nominutes.csv", "HashOwner,HashApp,HashFunction,Trigger\na,b,c,http\n");
        t.add("Azure trace: no minute columns", "minute columns", () -> CountTrace.loadAzure(noMinutes));
        Path fraction = file(dir, "azure-fraction.csv", "HashOwner,HashApp,HashFunction,Trigger,1,2\na,b,c,http,1,2.5\n");
        t.add("Azure trace: fractional count", "column '2'", () -> CountTrace.loadAzure(fraction));
        Path good = file(dir, "azure-good.csv", "HashOwner,HashApp,HashFunction,Trigger,1,2\na,b,c,http,1,2\n");
        t.add("Azure trace: unknown function", "hashFunction", () -> CountTrace.loadAzure(good, "zzz"));
        t.add("Azure trace: missing file", "path", () -> CountTrace.loadAzure(dir.resolve("missing.csv")));
        return t;
    }
}
