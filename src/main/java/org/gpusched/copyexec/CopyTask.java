package org.gpusched.copyexec;

/**
 * A task as the copy/execute strategies see it: every job copies {@code h2d} to the device, runs
 * its kernel for {@code exec} (isolated, whole GPU) and copies {@code d2h} back, in that order on
 * the task's own stream. Several copies of one direction are summed (docs/copy-execute.md).
 */
public record CopyTask(int index, String name, long period, long deadline, long h2d, long exec, long d2h) {

    public long time(OperationKind k) {
        return switch (k) {
            case H2D -> h2d;
            case KERNEL -> exec;
            case D2H -> d2h;
        };
    }
}
