package org.gpusched;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repository's root holds the project's own files and nothing a run left behind: generated
 * pictures, sets or output registries belong under target/ or a temporary folder, never in a commit.
 */
class RepositoryRootTest {
    private static final Set<String> ALLOWED = Set.of("pom.xml", "README.md", "LICENSE", "src", "examples", "docs",
            ".github", "mvnw", "mvnw.cmd", ".ci", ".mvn", "gpusched", ".gitignore", ".gitattributes");

    @Test
    void theRootHoldsOnlyTheProjectsOwnFiles() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("git", "ls-tree", "--name-only", "HEAD").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("git ls-tree: %s", out).isZero();
        List<String> tracked = Arrays.stream(out.split("\n")).filter(s -> !s.isBlank()).toList();
        assertThat(tracked).contains("pom.xml", "src");
        assertThat(tracked).as("files at the repository root that no one should ship").allMatch(ALLOWED::contains);
    }
}
