package org.gpusched.player;

/**
 * A device that cannot play what it was given, said in one line: {@code usage} when the user's
 * choice was unusable here (exit 2), otherwise the device failed (exit 70).
 */
public final class PlayRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean usage;

    public PlayRefused(String message, boolean usage) {
        super(message);
        this.usage = usage;
    }

    public boolean usage() {
        return usage;
    }
}
