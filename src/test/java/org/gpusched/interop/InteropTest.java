package org.gpusched.interop;

import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.Step;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The MAST-1 export round-trips through a reader of its subset; the MAST-2 XML is well formed. */
class InteropTest {
    private static final Path RAILWAY = Path.of("examples/railway-timepart.json");
    /** Every MAST-2 element the writer may use. */
    private static final Set<String> ELEMENTS = Set.of("MAST_MODEL", "Regular_Processor", "Primary_Scheduler",
            "Fixed_Priority_Policy", "Timetable_Driven_Policy", "Partition", "Secondary_Scheduler",
            "Virtual_Schedulable_Resource", "Virtual_Periodic_Server_Params", "Timetable_Driven_Params", "Thread",
            "Fixed_Priority_Params", "Simple_Operation", "Regular_End_To_End_Flow", "Periodic_Event", "Internal_Event",
            "Hard_Global_Deadline", "Step", "Delay");

    private static Workload read(Path p) {
        return new WorkloadReader().read(p);
    }

    /** What a MAST-1 model says about one transaction, rebuilt from the text alone. */
    record Tx(String name, long period, long deadline, int priority, String cpu, List<String> steps) { }

    static List<Tx> transactions(String mast) {
        List<MastTextReader.Obj> objs = MastTextReader.read(mast);
        Map<String, Map<String, Object>> ops = new HashMap<>();
        Map<String, Map<String, Object>> servers = new HashMap<>();
        for (MastTextReader.Obj o : objs) {
            if (o.kind().equals("Operation")) {
                ops.put((String) o.fields().get("Name"), o.fields());
            } else if (o.kind().equals("Scheduling_Server")) {
                servers.put((String) o.fields().get("Name"), o.fields());
            }
        }
        List<Tx> out = new ArrayList<>();
        for (MastTextReader.Obj o : objs) {
            if (!o.kind().equals("Transaction")) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> ext = ((List<Map<String, Object>>) o.fields().get("External_Events")).get(0);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> internal = (List<Map<String, Object>>) o.fields().get("Internal_Events");
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> handlers = (List<Map<String, Object>>) o.fields().get("Event_Handlers");
            @SuppressWarnings("unchecked")
            Map<String, Object> req = (Map<String, Object>) internal.get(internal.size() - 1).get("Timing_Requirements");
            assertThat(req.get("Type")).isEqualTo("Hard_Global_Deadline");
            assertThat(req.get("Referenced_Event")).isEqualTo(ext.get("Name"));
            String event = (String) ext.get("Name");
            List<String> steps = new ArrayList<>();
            String server = null;
            for (int i = 0; i < handlers.size(); i++) {
                Map<String, Object> h = handlers.get(i);
                assertThat(h.get("Input_Event")).as("handlers chain their events").isEqualTo(event);
                assertThat(h.get("Output_Event")).isEqualTo(internal.get(i).get("Name"));
                event = (String) h.get("Output_Event");
                if (h.get("Type").equals("Delay")) {
                    steps.add("delay " + num(h.get("Delay_Min_Interval")) + ".." + num(h.get("Delay_Max_Interval")));
                } else {
                    assertThat(h.get("Type")).isEqualTo("Activity");
                    Map<String, Object> op = ops.get((String) h.get("Activity_Operation"));
                    assertThat(op).as("operation %s", h.get("Activity_Operation")).isNotNull();
                    steps.add("cpu " + num(op.get("Best_Case_Execution_Time")) + ".."
                            + num(op.get("Worst_Case_Execution_Time")));
                    if (server == null) { // a flow's closing zero-time step runs on its core's closer
                        server = (String) h.get("Activity_Server");
                    }
                }
            }
            assertThat(handlers.get(handlers.size() - 1).get("Type")).as("MAST: a transaction may not end with a delay")
                    .isNotEqualTo("Delay");
            @SuppressWarnings("unchecked")
            Map<String, Object> params = (Map<String, Object>) servers.get(server).get("Server_Sched_Parameters");
            out.add(new Tx((String) o.fields().get("Name"), num(ext.get("Period")), num(req.get("Deadline")),
                    Integer.parseInt((String) params.get("The_Priority")), (String) servers.get(server).get("Scheduler"),
                    steps));
        }
        return out;
    }

    private static long num(Object o) {
        String s = (String) o;
        assertThat(s).matches("\\d+(\\.0)?");
        return Long.parseLong(s.replace(".0", ""));
    }

    private static List<Tx> expected(Workload w) {
        List<Tx> out = new ArrayList<>();
        List<String> ids = MastNames.of(w.tasks().stream().map(t -> t.name()).toList());
        List<Flow> flows = Flows.of(w);
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            List<String> steps = new ArrayList<>();
            for (Step s : MastModel.merged(f.steps())) {
                steps.add((s instanceof Step.Delay ? "delay " : "cpu ") + s.min() + ".." + s.max());
            }
            if (f.steps().isEmpty() || f.steps().get(f.steps().size() - 1) instanceof Step.Delay) {
                steps.add("cpu 0..0");
            }
            int core = f.core() >= 0 ? f.core() : w.task(i).core().orElse(0);
            out.add(new Tx(ids.get(i), f.period(), f.deadline(), f.usesCpu() ? f.priority() : MastModel.CLOSER_PRIORITY, "cpu" + core, steps));
        }
        return out;
    }

    @Test
    void mast1_round_trips_through_a_reader_of_its_subset() {
        for (Path p : List.of(RAILWAY, Path.of("examples/workload-v2.json"), Path.of("examples/paper-fig1.json"),
                Path.of("examples/gcaps-example-2.json"))) {
            Workload w = read(p);
            String text = MastText.write(w);
            assertThat(transactions(text)).as(p.toString()).isEqualTo(expected(w));
            assertThat(MastText.write(read(p))).as("same input, same bytes").isEqualTo(text);
        }
    }

    @Test
    void the_railway_flow_is_what_the_spec_maps_it_to() {
        Tx det = transactions(MastText.write(read(RAILWAY))).get(0);
        // cpu 800; copy 600; gpu misc 200 + exec 9000 and copy 300 (one delay: MAST wants an activity after each); cpu 700
        assertThat(det).isEqualTo(new Tx("obstacle_detection", 40000, 40000, 10, "cpu0", List.of("cpu 800..800",
                "delay 600..600", "cpu 200..200", "delay 9300..9300", "cpu 700..700")));
    }

    @Test
    void the_reader_is_a_grammar_check() {
        assertThatThrownBy(() -> MastTextReader.read("Model ( Name => x;")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MastTextReader.read("Model ( Name => x, Name => y);"))
                .hasMessageContaining("duplicate");
        assertThatThrownBy(() -> MastTextReader.read("Model ( Name => x) "))
                .hasMessageContaining("end of model");
    }

    @Test
    void mast2_is_well_formed_and_uses_only_the_spec_elements() throws Exception {
        for (Path p : List.of(RAILWAY, Path.of("examples/workload-v2.json"), Path.of("examples/paper-fig1.json"))) {
            String xml = Mast2Xml.write(read(p));
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            Document d = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
            Element root = d.getDocumentElement();
            assertThat(root.getLocalName()).isEqualTo("MAST_MODEL");
            assertThat(root.getNamespaceURI()).isEqualTo(Mast2Xml.NS);
            assertThat(root.getAttribute("Model_Name")).isNotEmpty();
            assertThat(root.getAttribute("Model_Date")).isNotEmpty();
            NodeList all = d.getElementsByTagNameNS("*", "*");
            Set<String> used = new TreeSet<>();
            for (int i = 0; i < all.getLength(); i++) {
                assertThat(all.item(i).getNamespaceURI()).isEqualTo(Mast2Xml.NS);
                used.add(all.item(i).getLocalName());
            }
            assertThat(ELEMENTS).containsAll(used);
            assertThat(used).contains("Regular_End_To_End_Flow", "Periodic_Event", "Step", "Thread", "Simple_Operation");
            NodeList flows = d.getElementsByTagNameNS(Mast2Xml.NS, "Regular_End_To_End_Flow");
            for (int i = 0; i < flows.getLength(); i++) {
                Element last = lastChildElement((Element) flows.item(i));
                assertThat(last.getLocalName()).as("a flow may not end with a delay").isEqualTo("Step");
            }
        }
        String railway = Mast2Xml.write(read(RAILWAY));
        assertThat(railway).contains("<Timetable_Driven_Policy MAF=\"10000\"", "Partition_Name=\"GPU\"",
                "<Delay Input_Event=\"obstacle_detection_e3\" Output_Event=\"obstacle_detection_e4\""
                        + " Delay_Max_Interval=\"9300\" Delay_Min_Interval=\"9300\"/>",
                "<Hard_Global_Deadline Deadline=\"40000\"");
        assertThat(Mast2Xml.write(read(Path.of("examples/paper-fig1.json")))).contains("<Fixed_Priority_Policy/>")
                .doesNotContain("Timetable");
    }

    private static Element lastChildElement(Element e) {
        Element last = null;
        for (var n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element x) {
                last = x;
            }
        }
        return last;
    }

    @Test
    void sag_jobs_are_the_pbs_job_set() {
        String csv = SagJobs.write(read(Path.of("examples/paper-fig1.json")).pbs(), SagJobs.Arrival.WINDOW,
                SagJobs.Priority.RANK).jobs();
        List<String> lines = csv.lines().toList();
        assertThat(lines.get(0)).isEqualTo(SagJobs.HEADER);
        assertThat(lines.get(1)).isEqualTo("1, 1, 0, 0, 1, 1, 4, 1"); // priority: its rank in EDF order
        assertThat(lines).hasSize(1 + read(Path.of("examples/paper-fig1.json")).pbs().jobs().size());
    }
}
