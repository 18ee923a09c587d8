package org.gpusched.interop;

import org.gpusched.model.Platform;
import org.gpusched.model.Workload;
import org.gpusched.timepart.Step;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * MAST-2 XML (time-partitioning.md, "Interchange"), written with the JDK's StAX writer. Per core a
 * Regular_Processor and a Primary_Scheduler: Fixed_Priority_Policy without a plan, else a
 * Timetable_Driven_Policy listing the windows on that core (Partition_Id, Partition_Name,
 * Start_Time, Length, MAF) and, per partition used there, a Virtual_Schedulable_Resource with
 * Timetable_Driven_Params hosting a Secondary_Scheduler with fixed priorities. Per task a Thread
 * (Fixed_Priority_Params), a Simple_Operation per CPU step, and a Regular_End_To_End_Flow:
 * Periodic_Event, Internal_Events (a Hard_Global_Deadline on the last), a Step per CPU step and a
 * Delay per kernel or copy. Where the spec names fields but not their layout, scalars are
 * attributes and each window is a Timetable_Driven_Params entry of the policy (docs/interop.md).
 */
public final class Mast2Xml {
    public static final String NS = "http://mast.unican.es/xmlmast/model";
    /** Every element the writer may use: exactly the spec's list. */
    public static final Set<String> ELEMENTS = Set.of("MAST_MODEL", "Regular_Processor", "Primary_Scheduler",
            "Fixed_Priority_Policy", "Timetable_Driven_Policy", "Secondary_Scheduler", "Virtual_Schedulable_Resource",
            "Timetable_Driven_Params", "Thread", "Fixed_Priority_Params", "Simple_Operation", "Regular_End_To_End_Flow",
            "Periodic_Event", "Internal_Event", "Hard_Global_Deadline", "Step", "Delay");

    private final XMLStreamWriter x;
    private int depth;

    private Mast2Xml(XMLStreamWriter x) {
        this.x = x;
    }

    public static String write(Workload w) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            new Mast2Xml(x).model(w, MastModel.of(w));
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing MAST-2 XML to memory", e);
        }
        return out + "\n";
    }

    private void model(Workload w, MastModel m) throws XMLStreamException {
        x.writeStartDocument("UTF-8", "1.0");
        x.writeCharacters("\n");
        x.setDefaultNamespace(NS);
        open("MAST_MODEL", "Model_Name", m.name(), "Model_Date", MastModel.DATE);
        x.writeDefaultNamespace(NS);
        Platform.TimePartitions plan = w.platform().timePartitions();
        Set<Integer> cores = new LinkedHashSet<>();
        m.tasks().forEach(t -> cores.add(t.core()));
        for (int c : cores.stream().sorted().toList()) {
            empty("Regular_Processor", "Name", "cpu" + c);
            processorSchedulers(m, plan, c);
        }
        for (MastModel.Task t : m.tasks()) {
            open("Thread", "Name", t.id(), "Scheduler", scheduler(plan, t));
            empty("Fixed_Priority_Params", "The_Priority", Integer.toString(t.priority()));
            close();
            int k = 0;
            for (Step s : t.steps()) {
                if (s instanceof Step.Cpu cpu) {
                    empty("Simple_Operation", "Name", MastModel.operation(t, ++k), "Worst_Case_Execution_Time",
                            Long.toString(cpu.wcet()), "Avg_Case_Execution_Time", Long.toString(cpu.wcet()),
                            "Best_Case_Execution_Time", Long.toString(cpu.bcet()));
                }
            }
        }
        for (MastModel.Task t : m.tasks()) {
            flow(t);
        }
        close();
        x.writeEndDocument();
    }

    private void processorSchedulers(MastModel m, Platform.TimePartitions plan, int c) throws XMLStreamException {
        open("Primary_Scheduler", "Name", "cpu" + c + ".scheduler", "Host", "cpu" + c);
        if (plan == null) {
            empty("Fixed_Priority_Policy");
            close();
            return;
        }
        open("Timetable_Driven_Policy", "MAF", Long.toString(plan.majorFrame()), "Switch_Overhead",
                Long.toString(plan.switchOverhead()));
        List<String> used = new ArrayList<>();
        for (int p = 0; p < plan.partitions().size(); p++) {
            Platform.Partition part = plan.partitions().get(p);
            for (Platform.Window win : part.windows()) {
                if (win.core().isEmpty() || win.core().getAsInt() == c) {
                    empty("Timetable_Driven_Params", "Partition_Id", Integer.toString(p + 1), "Partition_Name",
                            part.name(), "Start_Time", Long.toString(win.start()), "Length", Long.toString(win.length()),
                            "MAF", Long.toString(plan.majorFrame()));
                    if (!used.contains(part.name())) {
                        used.add(part.name());
                    }
                }
            }
        }
        close();
        close();
        for (String p : used) {
            String vsr = "cpu" + c + "." + p;
            open("Virtual_Schedulable_Resource", "Name", vsr, "Scheduler", "cpu" + c + ".scheduler");
            empty("Timetable_Driven_Params", "Partition_Id", Integer.toString(index(plan, p) + 1), "Partition_Name", p);
            close();
            open("Secondary_Scheduler", "Name", vsr + ".scheduler", "Host", vsr);
            empty("Fixed_Priority_Policy");
            close();
        }
    }

    private static int index(Platform.TimePartitions plan, String name) {
        for (int i = 0; i < plan.partitions().size(); i++) {
            if (plan.partitions().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no partition " + name);
    }

    /** A task's thread runs under its partition's secondary scheduler on its core. */
    private static String scheduler(Platform.TimePartitions plan, MastModel.Task t) {
        if (plan == null || t.flow().partition() == null) {
            return "cpu" + t.core() + ".scheduler";
        }
        return "cpu" + t.core() + "." + t.flow().partition() + ".scheduler";
    }

    private void flow(MastModel.Task t) throws XMLStreamException {
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
                empty("Step", "Input_Event", in, "Output_Event", out, "Step_Operation", MastModel.operation(t, ++k),
                        "Step_Schedulable_Resource", t.id());
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
