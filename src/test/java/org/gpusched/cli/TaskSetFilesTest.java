package org.gpusched.cli;

import org.gpusched.model.InputException;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.ExitCodes;
import org.gpusched.report.CiOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A failure in one file of a multi-file run stays in that file: the others are still analysed. */
class TaskSetFilesTest {
    private static final String SET = "{\"name\": \"s\", \"tasks\": [{\"name\": \"a\", \"period\": 4, \"wcet\": 1}]}";

    @TempDir
    Path dir;

    private List<Path> files(int n) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            files.add(Files.writeString(dir.resolve("set" + i + ".json"), SET));
        }
        return files;
    }

    @Test
    void anInternalErrorIsReportedForItsFileAndTheRunGoesOn() throws IOException {
        List<Path> files = files(3);
        StringWriter err = new StringWriter();
        List<String> analysed = new ArrayList<>();
        int code = TaskSetFiles.each(files, new TaskSetReader()::read, new CommonOptions(), CiOutput.discard(),
                new PrintWriter(err, true), null, (f, ts) -> {
            if (f.endsWith("set1.json")) {
                throw new IllegalStateException("boom");
            }
            analysed.add(f.getFileName().toString());
            return ExitCodes.NOT_SCHEDULABLE;
        });
        assertThat(code).isEqualTo(ExitCodes.INTERNAL);
        assertThat(analysed).containsExactly("set0.json", "set2.json");
        assertThat(err.toString().strip().split("\n")).singleElement().asString()
                .startsWith(files.get(1) + ": internal error: java.lang.IllegalStateException: boom");
    }

    @Test
    void aFileTheCommandRefusesIsReportedLikeAnInvalidOneAndTheRunGoesOn() throws IOException {
        List<Path> files = files(3);
        StringWriter err = new StringWriter();
        List<String> analysed = new ArrayList<>();
        int code = TaskSetFiles.each(files, new TaskSetReader()::read, new CommonOptions(), CiOutput.discard(),
                new PrintWriter(err, true), null, (f, ts) -> {
            if (f.endsWith("set0.json")) {
                throw new InputException(f.toString(), "tasks", "refused for a reason");
            }
            analysed.add(f.getFileName().toString());
            return ExitCodes.OK;
        });
        assertThat(code).isEqualTo(ExitCodes.INVALID);
        assertThat(analysed).containsExactly("set1.json", "set2.json");
        assertThat(err.toString()).contains("refused for a reason").doesNotContain("internal error");
    }

    @Test
    void runningOutOfHeapInOneFileLeavesTheOthersAnalysed() throws IOException {
        List<Path> files = files(2);
        StringWriter err = new StringWriter();
        List<String> analysed = new ArrayList<>();
        int code = TaskSetFiles.each(files, new TaskSetReader()::read, new CommonOptions(), CiOutput.discard(),
                new PrintWriter(err, true), null, (f, ts) -> {
            if (f.endsWith("set0.json")) {
                throw new OutOfMemoryError("Java heap space");
            }
            analysed.add(f.getFileName().toString());
            return ExitCodes.OK;
        });
        assertThat(code).isNotEqualTo(ExitCodes.OK);
        assertThat(analysed).containsExactly("set1.json");
        assertThat(err.toString()).startsWith(files.get(0) + ": ").contains("out of memory");
    }

    @Test
    void theCiReportKeepsAFailedFileAsAnInternalErrorOrABudgetSpent() throws IOException {
        List<Path> files = files(3);
        CommonOptions common = new CommonOptions();
        common.format = org.gpusched.report.OutputFormat.junit;
        CiOutput ci = CiOutput.of(common.format, "analyze");
        StringWriter err = new StringWriter();
        PrintWriter none = CiOutput.discard();
        int code = TaskSetFiles.each(files, new org.gpusched.input.WorkloadReader()::read, common, none,
                new PrintWriter(err, true), ci, (f, w) -> {
                    if (f.endsWith("set0.json")) {
                        throw new IllegalStateException("boom");
                    }
                    if (f.endsWith("set1.json")) {
                        throw new OutOfMemoryError("Java heap space");
                    }
                    return ExitCodes.OK;
                });
        assertThat(code).isEqualTo(ExitCodes.INTERNAL);
        StringWriter xml = new StringWriter();
        ci.write(new PrintWriter(xml, true));
        assertThat(xml.toString()).contains("internal-error", "inconclusive", "boom", "out of memory");
    }
}
