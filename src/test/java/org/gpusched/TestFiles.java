package org.gpusched;

import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;

import java.nio.file.Path;

/** Paths of the shipped examples, for tests. */
public final class TestFiles {
    private TestFiles() { }

    public static Path example(String name) {
        return Path.of("examples", name);
    }

    public static TaskSet load(String exampleName) {
        return new TaskSetReader().read(example(exampleName));
    }

    public static TaskSet parse(String json) {
        return new TaskSetReader().read("inline.json", json);
    }
}
