package org.gpusched.experiment;

import org.gpusched.output.Outputs;
import org.gpusched.output.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plot the host cannot draw never costs a finished measurement: the CSVs are written, the plot
 * is left out with one line saying why, and the run completes. The failures are those of a host
 * without the font libraries the JDK loads to draw text.
 */
class PlotFailureTest {

    private static List<Path> runWith(ChartRenderer r, Path out, RunFolder[] kept) throws Exception {
        try (RunFolder dir = Outputs.of(List.of(), false).folder(out, Sweep.folderKind(InterferenceExperiment.KIND))) {
            kept[0] = dir;
            return Sweep.execute(new InterferenceExperiment(false, 0, null, 0, 0).drawingWith(r), Shard.ALL, 1, Long.MAX_VALUE,
                    dir, null);
        }
    }

    @Test
    void aMissingNativeFontLibraryLeavesTheCsvsAndOneLine(@TempDir Path tmp) throws Exception {
        for (Throwable failure : new Throwable[] {
                new UnsatisfiedLinkError("libharfbuzz.so.0: cannot open shared object file"),
                new NoClassDefFoundError("Could not initialize class sun.font.SunFontManager"),
                new java.awt.AWTError("no graphics environment"), new IllegalStateException("boom"),
                new InternalError("Could not load native font library")}) {
            Path out = tmp.resolve(failure.getClass().getSimpleName());
            RunFolder[] dir = new RunFolder[1];
            List<Path> written = runWith((chart, svg, o) -> {
                if (failure instanceof Error e) {
                    throw e;
                }
                throw (Exception) failure;
            }, out, dir);
            assertThat(out.resolve(InterferenceExperiment.SUMMARY)).isNotEmptyFile();
            assertThat(out.resolve(InterferenceExperiment.FACTORS)).isNotEmptyFile();
            assertThat(out.resolve("interference.png")).doesNotExist();
            assertThat(out.resolve("interference.svg")).doesNotExist();
            assertThat(written).extracting(p -> p.getFileName().toString())
                    .contains(InterferenceExperiment.SUMMARY, InterferenceExperiment.FACTORS)
                    .noneMatch(n -> n.endsWith(".png") || n.endsWith(".svg"));
            assertThat(dir[0].problems()).singleElement().asString()
                    .startsWith("plot interference not drawn (" + failure.getClass().getSimpleName())
                    .endsWith("the CSVs are complete");
            // The run is complete, not failed: its marker says so and lists no plot.
            assertThat(Files.readString(out.resolve(RunFolder.MARKER))).contains("\"complete\"").doesNotContain(".png");
            // No temporary file of the failed plot is left behind.
            try (var files = Files.list(out)) {
                assertThat(files.map(p -> p.getFileName().toString())).allMatch(n -> !n.contains("interference.png")
                        && !n.contains("interference.svg"));
            }
        }
    }

    @Test
    void runningOutOfMemoryOrADiskFailureIsNotThePlotsToAbsorb(@TempDir Path tmp) {
        RunFolder[] dir = new RunFolder[1];
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> runWith((chart, svg, o) -> {
            throw new OutOfMemoryError("Java heap space");
        }, tmp.resolve("oom"), dir)).isInstanceOf(OutOfMemoryError.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> runWith((chart, svg, o) -> {
            throw new java.io.IOException("No space left on device");
        }, tmp.resolve("disk"), dir)).hasMessageContaining("No space left on device");
    }

    @Test
    void aHostThatDrawsWritesBothFormats(@TempDir Path tmp) throws Exception {
        RunFolder[] dir = new RunFolder[1];
        List<Path> written = runWith(ChartRenderer.XCHART, tmp.resolve("ok"), dir);
        assertThat(written).extracting(p -> p.getFileName().toString()).contains("interference.png", "interference.svg");
        assertThat(dir[0].problems()).isEmpty();
    }
}
