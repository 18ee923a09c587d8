package org.gpusched.interop;

import org.gpusched.input.XmlText;
import org.gpusched.model.Platform;
import org.gpusched.model.Workload;
import org.gpusched.timepart.Step;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * MAST-2 XML valid against MAST's own schema (docs/mast2_model.xsd of istr-uc/MAST), written with
 * the JDK's StAX writer. Per core a Regular_Processor and a Primary_Scheduler: Fixed_Priority_Policy
 * without a plan; else a Timetable_Driven_Policy (MAF, the switch overhead as its context switch)
 * listing each window on that core as a Partition (Partition_Id, Partition_Name, Start_Time,
 * Length) and, per partition used there, a Virtual_Schedulable_Resource (a periodic server of the
 * partition's time per frame, tied to the partition by Timetable_Driven_Params) hosting a
 * Secondary_Scheduler with fixed priorities. Per task a Thread (Fixed_Priority_Params), a
 * Simple_Operation per CPU step, and a Regular_End_To_End_Flow: Periodic_Event, Internal_Events
 * (a Hard_Global_Deadline on the last), a Step per CPU step and a Delay per kernel and copy
 * (back-to-back ones summed). A flow ending with a delay closes with a zero-time step on its
 * scheduler's closing thread, above every task (MastModel). docs/interop.md has the mapping.
 */
public final class Mast2Xml {
    public static final String NS = "http://mast.unican.es/xmlmast/model";

    private final XMLStreamWriter x;
    private int depth;

    private Mast2Xml(XMLStreamWriter x) {
        this.x = x;
    }

    public static String write(Workload w) {
        return write(w.platform().timePartitions(), MastModel.of(w));
    }

    /** The model under {@code plan} (null: no time partitions). */
    static String write(Platform.TimePartitions plan, MastModel m) {
        StringWriter out = new StringWriter();
        try {
            // Names come from the input: the writer keeps what XML 1.0 forbids out of the file.
            XMLStreamWriter x = XmlText.writer(out);
            new Mast2Xml(x).model(plan, m);
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing MAST-2 XML to memory", e);
        }
        return out + "\n";
    }

    private void model(Platform.TimePartitions plan, MastModel m) throws XMLStreamException {
        x.writeStartDocument("UTF-8", "1.0");
        x.writeCharacters("\n");
        x.setDefaultNamespace(NS);
        open("MAST_MODEL", "Model_Name", m.name(), "Model_Date", MastModel.DATE);
        x.writeDefaultNamespace(NS);
        for (int c : m.tasks().stream().map(MastModel.Task::core).distinct().sorted().toList()) {
            empty("Regular_Processor", "Name", "cpu" + c);
            processorSchedulers(plan, c);
        }
        if (m.tasks().stream().anyMatch(MastModel::usesServer)) {
            // The GPU server: a processor whose threads never preempt each other.
            empty("Regular_Processor", "Name", MastModel.GPU);
            open("Primary_Scheduler", "Name", MastModel.GPU + ".scheduler", "Host", MastModel.GPU);
            empty("Fixed_Priority_Policy");
            close();
        }
        Set<String> closers = new LinkedHashSet<>();
        for (MastModel.Task t : m.tasks()) {
            if (MastModel.usesServer(t)) {
                open("Thread", "Name", MastModel.gpuServer(t), "Scheduler", MastModel.GPU + ".scheduler");
                empty("Non_Preemptible_FP_Params", "Priority", Integer.toString(t.priority()));
                close();
            }
            thread(t.id(), scheduler(plan, t), t.priority());
            if (t.closed() && closers.add(closer(plan, t))) {
                thread(closer(plan, t), scheduler(plan, t), MastModel.CLOSER_PRIORITY);
            }
            int k = 0;
            for (Step s : t.steps()) {
                if (!(s instanceof Step.Delay)) {
                    empty("Simple_Operation", "Name", MastModel.operation(t, ++k), "Worst_Case_Execution_Time",
                            Long.toString(s.max()), "Avg_Case_Execution_Time", Long.toString(s.max()),
                            "Best_Case_Execution_Time", Long.toString(s.min()));
                }
            }
        }
        for (MastModel.Task t : m.tasks()) {
            flow(plan, t);
        }
        close();
        x.writeEndDocument();
    }

    private void thread(String name, String scheduler, int priority) throws XMLStreamException {
        open("Thread", "Name", name, "Scheduler", scheduler);
        empty("Fixed_Priority_Params", "Priority", Integer.toString(priority), "Preassigned", "YES");
        close();
    }

    private void processorSchedulers(Platform.TimePartitions plan, int c) throws XMLStreamException {
        open("Primary_Scheduler", "Name", "cpu" + c + ".scheduler", "Host", "cpu" + c);
        if (plan == null) {
            empty("Fixed_Priority_Policy");
            close();
            return;
        }
        String so = Long.toString(plan.switchOverhead());
        open("Timetable_Driven_Policy", "MAF", Long.toString(plan.majorFrame()), "Worst_Context_Switch", so,
                "Avg_Context_Switch", so, "Best_Context_Switch", so);
        // Per partition with a window on this core, its index and its time per major frame, in plan order.
        Map<Integer, Long> supply = new LinkedHashMap<>();
        for (int p = 0; p < plan.partitions().size(); p++) {
            Platform.Partition part = plan.partitions().get(p);
            for (Platform.Window win : part.windows()) {
                if (win.core().isEmpty() || win.core().getAsInt() == c) {
                    empty("Partition", "Partition_Id", Integer.toString(p + 1), "Partition_Name", partition(part.name()),
                            "Start_Time", Long.toString(win.start()), "Length", Long.toString(win.length()));
                    supply.merge(p, win.length() - plan.switchOverhead(), Long::sum);
                }
            }
        }
        close();
        close();
        for (Map.Entry<Integer, Long> u : supply.entrySet()) {
            String p = partition(plan.partitions().get(u.getKey()).name());
            String vsr = "cpu" + c + "." + p;
            open("Virtual_Schedulable_Resource", "Name", vsr, "Scheduler", "cpu" + c + ".scheduler");
            // The partition as the virtual resource's contract: its time per major frame.
            empty("Virtual_Periodic_Server_Params", "Preassigned", "YES", "Budget", Long.toString(u.getValue()),
                    "Period", Long.toString(plan.majorFrame()), "Deadline", Long.toString(plan.majorFrame()));
            empty("Timetable_Driven_Params", "Partition_Id", Integer.toString(u.getKey() + 1), "Partition_Name", p);
            close();
            open("Secondary_Scheduler", "Name", vsr + ".scheduler", "Host", vsr);
            empty("Fixed_Priority_Policy");
            close();
        }
    }

    /** A partition's name as a MAST identifier (letters, digits, '_'; a letter first). */
    private static String partition(String name) {
        return MastNames.identifier(name, "p_");
    }

    /** A task's thread runs under its partition's secondary scheduler on its core. */
    private static String scheduler(Platform.TimePartitions plan, MastModel.Task t) {
        if (plan == null || t.flow().partition() == null) {
            return "cpu" + t.core() + ".scheduler";
        }
        return "cpu" + t.core() + "." + partition(t.flow().partition()) + ".scheduler";
    }

    /** The closing thread of a scheduler: "cpuN.end" or "cpuN.P.end" ('.' keeps it apart from task names). */
    private static String closer(Platform.TimePartitions plan, MastModel.Task t) {
        String s = scheduler(plan, t);
        return s.substring(0, s.length() - ".scheduler".length()) + ".end";
    }

    private void flow(Platform.TimePartitions plan, MastModel.Task t) throws XMLStreamException {
        String release = t.id() + "_release";
        open("Regular_End_To_End_Flow", "Name", t.id());
        empty("Periodic_Event", "Name", release, "Period", Long.toString(t.flow().period()), "Max_Jitter",
                Long.toString(t.flow().jitter()), "Phase", Long.toString(t.flow().offset()));
        int n = t.steps().size();
        for (int i = 1; i <= n; i++) {
            if (i < n) {
                empty("Internal_Event", "Name", t.id() + "_e" + i);
            } else {
                open("Internal_Event", "Name", t.id() + "_e" + i);
                empty("Hard_Global_Deadline", "Deadline", Long.toString(t.flow().deadline()), "Referenced_Event", release);
                close();
            }
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            String in = i == 0 ? release : t.id() + "_e" + i;
            String out = t.id() + "_e" + (i + 1);
            if (t.steps().get(i) instanceof Step.Delay d) {
                empty("Delay", "Input_Event", in, "Output_Event", out, "Delay_Max_Interval", Long.toString(d.max()),
                        "Delay_Min_Interval", Long.toString(d.min()));
            } else {
                String server = t.closed() && i == n - 1 ? closer(plan, t)
                        : t.steps().get(i) instanceof Step.Gpu ? MastModel.gpuServer(t) : t.id();
                empty("Step", "Input_Event", in, "Output_Event", out, "Step_Operation", MastModel.operation(t, ++k),
                        "Step_Schedulable_Resource", server);
            }
        }
        close();
    }

    private void indent() throws XMLStreamException {
        x.writeCharacters("\n" + "  ".repeat(depth));
    }

    private void open(String name, String... attrs) throws XMLStreamException {
        if (depth > 0) {
            indent();
        }
        x.writeStartElement(NS, name);
        attributes(attrs);
        depth++;
    }

    private void empty(String name, String... attrs) throws XMLStreamException {
        indent();
        x.writeEmptyElement(NS, name);
        attributes(attrs);
    }

    private void attributes(String... attrs) throws XMLStreamException {
        for (int i = 0; i < attrs.length; i += 2) {
            x.writeAttribute(attrs[i], attrs[i + 1]);
        }
    }

    private void close() throws XMLStreamException {
        depth--;
        indent();
        x.writeEndElement();
    }
}
