package org.gpusched.model;

/**
 * One kernel of a task's chain: a job runs its stages in order on the task's stream, stage k + 1
 * only after the frame that ran stage k has ended. A v1 task is a chain of one stage.
 *
 * @param name   the kernel's name within its task (the unit is called {@code task.name} when the
 *               chain has several kernels, plain {@code task} when it has one)
 * @param wcet   worst-case time of this kernel alone on the GPU
 * @param kernel launch shape, or null when the GPU has no limits
 * @param h2d    copies to the device before this kernel (format v2 {@code copy} segments; 0 without)
 * @param d2h    copies to the host after this kernel (0 without); a PBS frame runs every H2D of its
 *               batch, then the kernels, then every D2H (docs/copy-execute.md, "PBS frames with copies")
 */
public record Stage(String name, long wcet, Kernel kernel, long h2d, long d2h) {

    /** A kernel without copies. */
    public Stage(String name, long wcet, Kernel kernel) {
        this(name, wcet, kernel, 0, 0);
    }

    /** The same stage with other copy times. */
    public Stage withCopies(long in, long out) {
        return new Stage(name, wcet, kernel, in, out);
    }
}
