package org.gpusched.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A workload whose kernel module lies outside its folder, which only --allow-external-modules lets a command read. */
final class ExternalModuleWorkload {
    private ExternalModuleWorkload() { }

    /** Writes {@code dir}/spin.cubin and {@code dir}/sub/ext.json: paper-fig1, its first kernel in ../spin.cubin. */
    static Path write(Path dir) throws IOException {
        Files.writeString(dir.resolve("spin.cubin"), "x");
        Path ts = Files.createDirectory(dir.resolve("sub")).resolve("ext.json");
        Files.writeString(ts, Files.readString(Path.of("examples/paper-fig1.json")).replaceFirst("\"wcet\": 1",
                "\"wcet\": 1, \"kernel\": {\"module\": \"../spin.cubin\", \"symbol\": \"k\", \"blocks\": 1,"
                        + " \"threadsPerBlock\": 32}"));
        return ts;
    }
}
