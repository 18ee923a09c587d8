package org.gpusched.cli;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Headless Chromium driven by its command-line flags: the DOM after the page's scripts ran, the
 * console lines it logged, a screenshot. Where no browser is installed the tests using it are skipped,
 * except in CI ({@code CI} or {@code GPUSCHED_BROWSER=required} set, as {@code .ci/run} does), where a
 * missing browser fails them.
 */
record HeadlessBrowser(String binary) {
    /** What a page left: its DOM after the scripts ran, and the console lines it logged (errors among them). */
    record Load(String dom, List<String> console) { }

    static HeadlessBrowser find() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                if (!p.isEmpty() && Files.isExecutable(Path.of(p, name))) {
                    return new HeadlessBrowser(Path.of(p, name).toString());
                }
            }
        }
        boolean required = "required".equals(System.getenv("GPUSCHED_BROWSER")) || System.getenv("CI") != null
                || "required".equals(System.getProperty("gpusched.browser"));
        if (required) {
            throw new AssertionError("no headless browser (chromium) on the PATH, and this is CI: .ci/run installs it");
        }
        Assumptions.abort("no headless browser (chromium) on the PATH: the page tests need one (CI installs it)");
        return null;
    }

    /** Loads {@code url} and returns the DOM once the page settled, with what it logged to its console. */
    Load load(String url) throws IOException, InterruptedException {
        Path log = Files.createTempFile("chromium", ".log");
        try {
            String dom = run(List.of("--enable-logging=stderr", "--v=0", "--virtual-time-budget=2000", "--dump-dom",
                    url), log);
            List<String> console = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.contains(":CONSOLE")).toList();
            return new Load(dom, console);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** A screenshot of {@code url} as a 1300-pixel-wide window shows it, written to {@code png}. */
    void screenshot(String url, Path png, int height) throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.deleteIfExists(png);
        run(List.of("--hide-scrollbars", "--window-size=1300," + height, "--virtual-time-budget=2000",
                "--screenshot=" + png.toAbsolutePath(), url), null);
        if (!Files.isRegularFile(png) || Files.size(png) == 0) {
            throw new AssertionError("chromium wrote no screenshot of " + url);
        }
    }

    private String run(List<String> args, Path stderr) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("chromium-profile");
        try {
            List<String> cmd = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
            cmd.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(profile.toFile());
            pb.redirectError(stderr == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stderr.toFile()));
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("chromium did not finish in 120 s: " + cmd);
            }
            return out;
        } finally {
            try (Stream<Path> s = Files.walk(profile)) {
                for (Path f : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            } catch (IOException e) {
                // A profile file the browser still holds: the temporary folder is cleaned by the system.
            }
        }
    }
}
