package org.gpusched.player;

import org.gpusched.input.KernelModules;
import org.gpusched.model.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What {@code profile} checks before timing anything, so a device that cannot run the workload
 * is one clear line (exit 2) rather than a failure half-way: every task's block fits an empty SM
 * of the device (its shared memory, registers, threads), and every kernel module can be loaded.
 */
public final class DeviceChecks {
    /** ELF (cubin), the fatbin magic 0xBA55ED50 (little-endian), and PTX text. */
    private static final byte[] ELF = {0x7f, 'E', 'L', 'F'};
    private static final byte[] FATBIN = {0x50, (byte) 0xED, 0x55, (byte) 0xBA};
    private static final int HEAD = 4096;

    private DeviceChecks() { }

    /** Refuses a task whose single block needs more of an SM than {@code device} has. */
    public static void fits(TaskSet ts, Gpu device, String deviceName) {
        for (Task t : ts.tasks()) {
            Kernel k = t.kernel() == null ? NativeTable.DEFAULT_KERNEL : t.kernel();
            String violated = BlockUsage.of(k, device).violatedOnEmptySm(device);
            if (violated != null) {
                throw new InputException(ts.source(), "tasks[" + t.index() + "].kernel", "the device (" + deviceName
                        + ") has not enough memory or resources for one block of " + t.name() + ": " + violated);
            }
        }
    }

    /**
     * The per-SM limits a GPU reports ({@code device-info} keys); limits it does not report stay
     * unlimited, so the check can only refuse what the device cannot run.
     */
    public static Gpu fromInfo(List<String> info) {
        long threads = num(info, "maxThreadsPerSm");
        return new Gpu(CudaDevice.value(info, "name"), CudaDevice.value(info, "computeCapability"), num(info, "sms"),
                threads, threads == Gpu.UNLIMITED ? Gpu.UNLIMITED : threads / Kernel.WARP_SIZE,
                num(info, "maxBlocksPerSm"), num(info, "registersPerSm"), 1, num(info, "sharedMemoryPerSm"), 1, 0,
                Gpu.UNLIMITED, SmPolicy.MOST_ROOM);
    }

    private static long num(List<String> info, String key) {
        try {
            return Long.parseLong(CudaDevice.value(info, key));
        } catch (NumberFormatException e) {
            return Gpu.UNLIMITED;
        }
    }

    /**
     * What loading each kernel module on the simulated device means: the file is readable and is
     * a cubin (ELF), a fatbin or PTX text (".version" in its first 4 KiB), the formats
     * {@code cuModuleLoad} takes. The GPU path finds the rest (a missing symbol) when it loads them.
     */
    public static void modulesLoadable(TaskSet ts) {
        for (Task t : ts.tasks()) {
            if (t.kernel() == null || t.kernel().module() == null) {
                continue;
            }
            Path p = KernelModules.resolve(ts.source(), t, true);
            String where = "tasks[" + t.index() + "].kernel.module";
            byte[] head;
            try (InputStream in = Files.newInputStream(p)) {
                head = in.readNBytes(HEAD);
            } catch (IOException e) {
                throw new InputException(ts.source(), where, "kernel module " + t.kernel().module()
                        + " cannot be loaded: " + e.getMessage());
            }
            if (!startsWith(head, ELF) && !startsWith(head, FATBIN)
                    && !new String(head, StandardCharsets.ISO_8859_1).contains(".version")) {
                throw new InputException(ts.source(), where, "kernel module " + t.kernel().module()
                        + " cannot be loaded: not a cubin (ELF), fatbin or PTX file");
            }
        }
    }

    private static boolean startsWith(byte[] a, byte[] prefix) {
        return a.length >= prefix.length && Arrays.equals(a, 0, prefix.length, prefix, 0, prefix.length);
    }
}
