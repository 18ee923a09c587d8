package org.gpusched.player;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * The JNI surface of src/main/native/gpusched_player.cu, kept small and array-based so the timed
 * loop runs entirely in native code. The library ships inside the jar under
 * {@code native/<os>-<arch>/} and is extracted to a temporary file on first use;
 * {@code -Dgpusched.native=/path/lib.so} (or $GPUSCHED_NATIVE) loads a separately built one.
 */
public final class NativePlayer {
    public static final String LIBRARY = "libgpusched_player.so";

    /** The one attempt of this JVM: a native library, once loaded or refused, stays so. */
    private static final Attempt LOADING = new Attempt();

    private NativePlayer() { }

    /** "linux-x86_64", "linux-aarch64", ...: the jar folder for this JVM's platform. */
    public static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o = os.contains("linux") ? "linux" : os.contains("windows") ? "windows" : os.contains("mac") ? "macos" : os;
        String a = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch;
        };
        return o + "-" + a;
    }

    public static String resource() {
        return "native/" + platform() + "/" + LIBRARY;
    }

    /** Whether this jar (or class path) carries the native library for this platform. */
    public static boolean bundled() {
        return NativePlayer.class.getClassLoader().getResource(resource()) != null;
    }

    /** Loads the library once; throws a {@link CudaException} of kind NO_LIBRARY saying why not. */
    public static void load() {
        LOADING.load(NativePlayer::doLoad);
    }

    /** One attempt to load, remembered: every later call answers as the first did. */
    static final class Attempt {
        /** What loads: may throw anything, which the first caller then sees. */
        @FunctionalInterface
        interface Load {
            void run() throws IOException;
        }

        private boolean attempted;
        /** Why the library is not loaded, null once it is. */
        private String error;

        synchronized void load(Load load) {
            if (!attempted) {
                attempted = true;
                // Set first: a failure no catch below names reaches the first caller, and leaves the library unloaded.
                error = "cannot load the native player: its first attempt failed";
                try {
                    load.run();
                    error = null;
                } catch (IOException | UnsatisfiedLinkError | SecurityException e) {
                    error = "cannot load the native player: " + e.getMessage();
                } catch (IllegalStateException e) {
                    error = e.getMessage();
                }
            }
            if (error != null) {
                throw new CudaException(CudaException.Kind.NO_LIBRARY, error);
            }
        }
    }

    private static void doLoad() throws IOException {
        String override = System.getProperty("gpusched.native", System.getenv("GPUSCHED_NATIVE"));
        if (override != null && !override.isBlank()) {
            System.load(Path.of(override).toAbsolutePath().toString());
            return;
        }
        try (InputStream in = NativePlayer.class.getClassLoader().getResourceAsStream(resource())) {
            if (in == null) {
                throw new IllegalStateException("native library not built: this gpusched has no " + resource()
                        + " (build it on a machine with nvcc: the 'cuda' Maven profile; see docs/player.md)");
            }
            Path tmp = Files.createTempFile("gpusched_player", ".so");
            tmp.toFile().deleteOnExit();
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            System.load(tmp.toAbsolutePath().toString());
        }
    }

    /** Device properties as key=value lines; throws {@link CudaException}. */
    static native String[] deviceInfo(int device);

    /**
     * Creates the context, one non-blocking stream per task and two copy streams, the pinned copy
     * buffers for the longest copies (calibrated), and warms every kernel up; 0 after a throw. Arrays
     * are per unit ({@link NativeTable#kernels}).
     */
    static native long open(int device, int[] unitTask, int[] blocks, int[] threads, int[] sharedMemory,
                            String[] modules, String[] symbols, int[] kinds, long maxH2dNs, long maxD2hNs,
                            long[] askedNs);

    /**
     * How each unit's kernel kind was calibrated at open: per unit floor ns, asked ns, last median
     * ns, closed-loop rounds and converged (1/0); -1 five times for spin and user kernels.
     */
    static native long[] kinds(long handle);

    /**
     * {@code n} wake-ups {@code periodNs} apart as the table player wakes (sleep, then spin), with its
     * real-time priority and memory lock: each one's lateness in ns, then SCHED_FIFO granted, memory
     * locked (1/0) and the errno of each refusal.
     */
    static native long[] wakeSkew(int n, long periodNs);

    /**
     * Plays one unrolled plan ({@link NativeTable#run}; layout of {@code out}: see the native
     * source); returns {alignment uncertainty ns, GPU-to-host clock offset ns}.
     */
    static native long[] run(long handle, long leadNs, long[] targetNs, int[] first, int[] unit, long[] durationNs,
                             long[] h2dNs, long[] d2hNs, long[] out);

    static native void close(long handle);

    /** Times one kernel set (unit indices) {@code runs} times after {@code warmup} runs (src/main/native/profile.cu). */
    static native long[] profile(long handle, int[] order, long[] durationNs, int warmup, int runs);

    /**
     * As {@link #profile}, with each member's finish: {@code runs} rows of 1 + k values, the host
     * sample then per position its last block end after the set's first block start (ns; -1 unstamped).
     */
    static native long[] profileMembers(long handle, int[] order, long[] durationNs, int warmup, int runs);
}
