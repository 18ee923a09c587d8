package org.gpusched.player;

/**
 * A CUDA failure reported by the native player. Messages start with the CUDA error name
 * ("cudaErrorNoDevice (100): ..."), which {@link #kind()} classifies.
 */
public final class CudaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why the GPU cannot be used; the first three let {@code --device auto} fall back to the simulator. */
    public enum Kind { NO_LIBRARY, NO_DRIVER, NO_DEVICE, OTHER }

    private final Kind kind;

    public CudaException(String message) {
        this(classify(message), message);
    }

    public CudaException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** True when there is simply no usable GPU here, as opposed to a GPU that failed. */
    public boolean unavailable() {
        return kind != Kind.OTHER;
    }

    /** What the user can do about it, one line; empty when the message says it all. */
    public String hint() {
        return switch (kind) {
            case NO_DRIVER -> "no NVIDIA driver is loaded here, or it is older than the CUDA runtime gpusched was built with";
            case NO_DEVICE -> "the NVIDIA driver sees no CUDA device (check nvidia-smi and CUDA_VISIBLE_DEVICES)";
            default -> "";
        };
    }

    private static Kind classify(String message) {
        String m = message == null ? "" : message;
        return m.startsWith("cudaErrorInsufficientDriver") ? Kind.NO_DRIVER
                : m.startsWith("cudaErrorNoDevice") ? Kind.NO_DEVICE : Kind.OTHER;
    }
}
