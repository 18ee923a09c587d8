package org.gpusched.experiment;

import org.gpusched.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class GenerateCommandTest {
    @Test
    void oneSetAloneEqualsTheSameSetOfABatchAndEveryFileValidates(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "generate", "--seed", "5",
                "--scenario", "large", "--utilization", "1.0", "--tasks", "5", "--index", "17");
        assertThat(code).isZero();
        assertThat(Main.run(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), "generate",
                "--seed", "5", "--scenario", "large", "-u", "1", "--count", "20", "--out", dir.toString())).isZero();
        try (var files = Files.list(dir)) {
            // Besides the sets, only gpusched's hidden record of the files it wrote (docs/cli.md).
            assertThat(files.filter(f -> !f.getFileName().toString().startsWith("."))).hasSize(20);
        }
        assertThat(Files.readString(dir.resolve("large-u1.00-n5-i17.json"))).isEqualTo(out.toString());

        StringWriter vout = new StringWriter();
        String[] args = new String[21];
        args[0] = "validate";
        for (int i = 0; i < 20; i++) {
            args[i + 1] = dir.resolve("large-u1.00-n5-i" + i + ".json").toString();
        }
        assertThat(Main.run(new PrintWriter(vout), new PrintWriter(new StringWriter()), args)).isZero();
    }
}
