package org.gpusched.rta;

/** timeslice = L, contextSwitch = θ, runlistUpdate = α (ε = α + θ), all in the workload's unit. */
public record RtaPlatform(int cpus, long timeslice, long contextSwitch, long runlistUpdate) {
    public RtaPlatform {
        if (cpus < 1) {
            throw new IllegalArgumentException("cpus must be >= 1, got " + cpus);
        }
        if (timeslice <= 0 || contextSwitch < 0 || runlistUpdate < 0) {
            throw new IllegalArgumentException("need timeslice > 0, contextSwitch >= 0, runlistUpdate >= 0");
        }
        Math.addExact(contextSwitch, runlistUpdate);
    }

    /** ε = α + θ, GCAPS' cost of one runlist update. */
    public long epsilon() {
        return contextSwitch + runlistUpdate;
    }
}
