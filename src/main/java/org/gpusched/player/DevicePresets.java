package org.gpusched.player;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The measured device files shipped in the jar under {@code /devices/} (the presets of --sim-contention). */
public final class DevicePresets {
    private DevicePresets() { }

    /** The text of a shipped device file; a build without it is broken, not the user's input. */
    public static String text(String file) {
        try (InputStream in = DevicePresets.class.getResourceAsStream("/devices/" + file)) {
            if (in == null) {
                throw new IllegalStateException("/devices/" + file + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("/devices/" + file + " cannot be read from the build", e);
        }
    }
}
