package org.gpusched.interop;

import org.gpusched.model.Workload;
import org.gpusched.timepart.Step;

import java.util.ArrayList;
import java.util.List;

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
        MastModel m = MastModel.of(w);
        StringBuilder sb = new StringBuilder();
        sb.append("-- MAST-1 model written by gpusched from ").append(safe(w.source())).append('\n');
        sb.append("-- times in ").append(w.timeUnit().json()).append("; kernels and copies are delays\n");
        if (w.platform().timePartitions() != null) {
            sb.append("-- the time-partition plan is not part of MAST-1 (export --to mast2 carries it)\n");
        }
        sb.append("\nModel (\n   Name       => ").append(m.name()).append(",\n   Model_Date => ")
                .append(MastModel.DATE).append(");\n");
        for (int c = 0; c < m.cpus(); c++) {
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            for (MastModel.Task t : m.tasks()) {
                if (t.core() == c) {
                    lo = Math.min(lo, t.flow().priority());
                    hi = Math.max(hi, t.flow().priority());
                }
            }
            if (lo > hi) {
                continue; // no task on this core
            }
            sb.append("\nProcessing_Resource (\n   Type         => Regular_Processor,\n   Name         => cpu")
                    .append(c).append(",\n   Speed_Factor => 1.0);\n");
            sb.append("\nScheduler (\n   Type   => Primary_Scheduler,\n   Name   => cpu").append(c)
                    .append(",\n   Host   => cpu").append(c).append(",\n   Policy =>\n      ( Type                 =>"
                            + " Fixed_Priority,\n        Worst_Context_Switch => 0.0,\n        Avg_Context_Switch   =>"
                            + " 0.0,\n        Best_Context_Switch  => 0.0,\n        Max_Priority         => ")
                    .append(hi).append(",\n        Min_Priority         => ").append(lo).append("));\n");
        }
        boolean server = m.tasks().stream().anyMatch(MastModel::usesServer);
        if (server) {
            // The GPU server: one processor whose threads never preempt each other (MAST's
            // non-preemptible fixed priorities), one per GPU-using task at the task's priority.
            sb.append("\nProcessing_Resource (\n   Type         => Regular_Processor,\n   Name         => ")
                    .append(MastModel.GPU).append(",\n   Speed_Factor => 1.0);\n");
            sb.append("\nScheduler (\n   Type   => Primary_Scheduler,\n   Name   => ").append(MastModel.GPU)
                    .append(",\n   Host   => ").append(MastModel.GPU).append(",\n   Policy =>\n      ( Type"
                            + "                 => Fixed_Priority,\n        Worst_Context_Switch => 0.0,\n"
                            + "        Avg_Context_Switch   => 0.0,\n        Best_Context_Switch  => 0.0));\n");
        }
        for (MastModel.Task t : m.tasks()) {
            if (MastModel.usesServer(t)) {
                sb.append("\nScheduling_Server (\n   Type                    => Regular,\n   Name                    => ")
                        .append(MastModel.gpuServer(t)).append(",\n   Server_Sched_Parameters =>\n      ( Type       "
                                + "  => Non_Preemptible_FP_Policy,\n        The_Priority => ")
                        .append(t.flow().priority()).append(",\n        Preassigned  => YES),\n   Scheduler          "
                                + "     => ").append(MastModel.GPU).append(");\n");
            }
            sb.append("\nScheduling_Server (\n   Type                    => Regular,\n   Name                    => ")
                    .append(t.id()).append(",\n   Server_Sched_Parameters =>\n      ( Type         =>"
                            + " Fixed_Priority_Policy,\n        The_Priority => ").append(t.flow().priority())
                    .append(",\n        Preassigned  => YES),\n   Scheduler               => cpu").append(t.core())
                    .append(");\n");
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

    private static void transaction(StringBuilder sb, MastModel.Task t) {
        String release = t.id() + "_release";
        List<String> events = new ArrayList<>();
        for (int i = 1; i <= t.steps().size(); i++) {
            events.add(t.id() + "_e" + i);
        }
        sb.append("\nTransaction (\n   Type            => Regular,\n   Name            => ").append(t.id())
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
                        .append(t.steps().get(i) instanceof Step.Gpu ? MastModel.gpuServer(t) : t.id()).append(")");
            }
        }
        sb.append("));\n");
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
