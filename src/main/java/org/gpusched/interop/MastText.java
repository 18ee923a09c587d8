package org.gpusched.interop;

import org.gpusched.model.Workload;
import org.gpusched.timepart.Step;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * MAST-1 text model (time-partitioning.md, "Interchange"): one Regular_Processor with a
 * fixed-priority Primary_Scheduler per core, one Regular scheduling server per task, one Simple
 * operation per CPU step (WCET = avg = BCET as the analysis takes them), and one Regular
 * transaction per task: a Periodic external event, an Activity per CPU step, a Delay per kernel and
 * copy, and a Hard_Global_Deadline on the last event. MAST-1 has no time partitions: a plan is
 * left out (and said so in a comment); MAST-2 carries it.
 */
public final class MastText {
    private MastText() { }

    public static String write(Workload w) {
        List<String> notes = new ArrayList<>();
        notes.add("MAST-1 model written by gpusched from " + safe(w.source()));
        notes.add("times in " + w.timeUnit().json() + "; kernels and copies are delays");
        if (w.platform().timePartitions() != null) {
            notes.add("the time-partition plan is not part of MAST-1 (export --to mast2 carries it)");
        }
        return write(MastModel.of(w), notes);
    }

    /** The model with {@code notes} as its header comment, then the name map and the priority note. */
    static String write(MastModel m, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        notes.forEach(n -> sb.append("-- ").append(n).append('\n'));
        for (String r : m.renamed()) {
            sb.append("-- MAST name: ").append(safe(r)).append('\n');
        }
        if (m.ranked()) {
            sb.append("-- priorities outside 1 .. 32767 are written as their ranks (same order)\n");
        }
        sb.append("\nModel (\n   Model_Name => ").append(m.name()).append(",\n   Model_Date => ")
                .append(MastModel.DATE).append(");\n");
        // MAST's default priority range (1 .. 32767, as its interrupt range) holds every priority
        // written: a narrower per-processor range would have to contain the interrupt range.
        m.tasks().stream().map(MastModel.Task::core).distinct().sorted().forEach(c -> processor(sb, "cpu" + c));
        m.tasks().stream().filter(MastModel.Task::closed).map(MastModel.Task::core).distinct().sorted()
                .forEach(c -> server(sb, MastModel.closer(c), "Fixed_Priority_Policy", MastModel.CLOSER_PRIORITY,
                        "cpu" + c));
        if (m.tasks().stream().anyMatch(MastModel::usesServer)) {
            // The GPU server: one processor whose threads never preempt each other (MAST's
            // non-preemptible fixed priorities), one per GPU-using task at the task's priority.
            processor(sb, MastModel.GPU);
        }
        for (MastModel.Task t : m.tasks()) {
            if (MastModel.usesServer(t)) {
                server(sb, quotedGpu(t), "Non_Preemptible_FP_Policy", t.priority(), MastModel.GPU);
            }
            server(sb, quoted(t), "Fixed_Priority_Policy", t.priority(), "cpu" + t.core());
            int k = 0;
            for (Step s : t.steps()) {
                if (!(s instanceof Step.Delay)) {
                    sb.append("\nOperation (\n   Type                      => Simple,\n   Name                      => ")
                            .append(MastModel.operation(t, ++k)).append(",\n   Worst_Case_Execution_Time => ")
                            .append(time(s.max())).append(",\n   Avg_Case_Execution_Time   => ")
                            .append(time(s.max())).append(",\n   Best_Case_Execution_Time  => ")
                            .append(time(s.min())).append(");\n");
                }
            }
        }
        for (MastModel.Task t : m.tasks()) {
            transaction(sb, t);
        }
        return sb.toString();
    }

    /** A processor and its fixed-priority primary scheduler, both called {@code name}. */
    private static void processor(StringBuilder sb, String name) {
        sb.append("\nProcessing_Resource (\n   Type         => Regular_Processor,\n   Name         => ")
                .append(name).append(",\n   Speed_Factor => 1.0);\n");
        sb.append("\nScheduler (\n   Type   => Primary_Scheduler,\n   Name   => ").append(name)
                .append(",\n   Host   => ").append(name).append(",\n   Policy =>\n      ( Type                 =>"
                        + " Fixed_Priority,\n        Worst_Context_Switch => 0.0,\n        Avg_Context_Switch   =>"
                        + " 0.0,\n        Best_Context_Switch  => 0.0));\n");
    }

    private static void server(StringBuilder sb, String name, String policy, int priority, String scheduler) {
        sb.append("\nScheduling_Server (\n   Type                    => Regular,\n   Name                    => ")
                .append(name).append(",\n   Server_Sched_Parameters =>\n      ( Type         => ").append(policy)
                .append(",\n        The_Priority => ").append(priority)
                .append(",\n        Preassigned  => YES),\n   Scheduler               => ").append(scheduler)
                .append(");\n");
    }

    private static void transaction(StringBuilder sb, MastModel.Task t) {
        String release = t.id() + "_release";
        List<String> events = IntStream.rangeClosed(1, t.steps().size()).mapToObj(i -> t.id() + "_e" + i)
                .toList();
        sb.append("\nTransaction (\n   Type            => Regular,\n   Name            => ").append(quoted(t))
                .append(",\n   External_Events =>\n      ( ( Type       => Periodic,\n          Name       => ")
                .append(release).append(",\n          Period     => ").append(time(t.flow().period()))
                .append(",\n          Max_Jitter => ").append(time(t.flow().jitter()))
                .append(",\n          Phase      => ").append(time(t.flow().offset())).append(")),\n")
                .append("   Internal_Events =>\n      ( ");
        for (int i = 0; i < events.size(); i++) {
            sb.append(i == 0 ? "" : ",\n        ").append("( Type => Regular,\n          Name => ").append(events.get(i));
            if (i == events.size() - 1) {
                sb.append(",\n          Timing_Requirements =>\n            ( Type             => Hard_Global_Deadline,"
                        + "\n              Deadline         => ").append(time(t.flow().deadline()))
                        .append(",\n              Referenced_Event => ").append(release).append("))");
            } else {
                sb.append(")");
            }
        }
        sb.append("),\n   Event_Handlers  =>\n      ( ");
        int k = 0;
        for (int i = 0; i < t.steps().size(); i++) {
            String in = i == 0 ? release : events.get(i - 1);
            sb.append(i == 0 ? "" : ",\n        ");
            if (t.steps().get(i) instanceof Step.Delay d) {
                sb.append("( Type               => Delay,\n          Input_Event        => ").append(in)
                        .append(",\n          Output_Event       => ").append(events.get(i))
                        .append(",\n          Delay_Max_Interval => ").append(time(d.max()))
                        .append(",\n          Delay_Min_Interval => ").append(time(d.min())).append(")");
            } else {
                sb.append("( Type               => Activity,\n          Input_Event        => ").append(in)
                        .append(",\n          Output_Event       => ").append(events.get(i))
                        .append(",\n          Activity_Operation => ").append(MastModel.operation(t, ++k))
                        .append(",\n          Activity_Server    => ")
                        .append(t.closed() && i == t.steps().size() - 1 ? MastModel.closer(t.core())
                                : t.steps().get(i) instanceof Step.Gpu ? quotedGpu(t) : quoted(t))
                        .append(")");
            }
        }
        sb.append("));\n");
    }

    /**
     * A task's own name, quoted: MAST-1 takes a quoted identifier wherever a name goes, and a task
     * called like a keyword ("period") would otherwise not parse. Names built from it ("_op1") cannot
     * be keywords and stay bare.
     */
    private static String quoted(MastModel.Task t) {
        return '"' + t.id() + '"';
    }

    /** The task's thread on the GPU server. */
    private static String quotedGpu(MastModel.Task t) {
        return '"' + MastModel.gpuServer(t) + '"';
    }

    /** MAST reads times as real numbers. */
    static String time(long t) {
        return t + ".0";
    }

    /** A comment line must stay one line. */
    private static String safe(String s) {
        return s == null ? "<input>" : s.replaceAll("[\\p{Cntrl}]", "?");
    }
}
