package org.gpusched.interop;

import org.gpusched.Peers;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Platform;
import org.gpusched.model.Workload;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.Flows;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MAST-2 exports valid against MAST's own schema (docs/mast2_model.xsd of the MAST peer, read in
 * place, never copied): every example and random systems with and without time partitions.
 * -Dpeers.mast2.cases=N sets the random count.
 */
@Tag("peers")
class Mast2SchemaPeerTest {
    static final int CASES = Integer.getInteger("peers.mast2.cases", 1000);

    static Validator validator() throws SAXException {
        SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        return f.newSchema(Peers.mast2Schema().toFile()).newValidator();
    }

    /** Valid against the schema, and every reference (the schema types them as mere names) names something. */
    static void valid(Validator v, String xml, String what) {
        try {
            v.validate(new StreamSource(new StringReader(xml)));
            var f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            var doc = f.newDocumentBuilder().parse(new org.xml.sax.InputSource(new StringReader(xml)));
            var all = doc.getElementsByTagNameNS("*", "*");
            java.util.Set<String> names = new java.util.HashSet<>();
            for (int i = 0; i < all.getLength(); i++) {
                names.add(((org.w3c.dom.Element) all.item(i)).getAttribute("Name"));
            }
            for (int i = 0; i < all.getLength(); i++) {
                var e = (org.w3c.dom.Element) all.item(i);
                for (String ref : List.of("Scheduler", "Host", "Step_Operation", "Step_Schedulable_Resource",
                        "Input_Event", "Output_Event", "Referenced_Event")) {
                    if (e.hasAttribute(ref)) {
                        assertThat(names).as(what + ": " + e.getLocalName() + " " + ref + "\n" + xml)
                                .contains(e.getAttribute(ref));
                    }
                }
            }
        } catch (SAXException | java.io.IOException | javax.xml.parsers.ParserConfigurationException e) {
            throw new AssertionError(what + ": " + e.getMessage() + "\n" + xml, e);
        }
    }

    @Test
    void every_example_is_valid() throws Exception {
        Validator v = validator();
        List<Path> examples;
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            examples = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        int n = 0;
        for (Path p : examples) {
            Workload w = new WorkloadReader().read(p);
            if (Flows.whyNot(w) == null) {
                valid(v, Mast2Xml.write(w), p.toString());
                n++;
            }
        }
        System.out.println("MAST-2 peers: " + n + " examples valid against mast2_model.xsd");
        assertThat(n).isGreaterThanOrEqualTo(10);
    }

    @Test
    void random_systems_are_valid() throws Exception {
        Validator v = validator();
        Random rnd = new Random(2511);
        int planned = 0;
        for (int c = 0; c < CASES; c++) {
            int cores = 1 + rnd.nextInt(4);
            boolean partitions = c % 2 == 0;
            List<Flow> flows = MastPeerTest.randomFlows(rnd, cores, partitions, c % 3 == 0);
            List<Integer> coreOf = flows.stream().map(f -> Math.max(f.core(), 0)).toList();
            MastModel m = MastModel.of("random-" + c, flows, coreOf);
            planned += partitions ? 1 : 0;
            valid(v, Mast2Xml.write(partitions ? plan(rnd, cores) : null, m), "case " + c);
        }
        System.out.println("MAST-2 peers: " + CASES + " random systems (" + planned
                + " with time partitions) valid against mast2_model.xsd");
    }

    /** A frame of 20 per core cut into windows that partitions "A" and "B" take in turn. */
    static Platform.TimePartitions plan(Random rnd, int cores) {
        List<Platform.Window> a = new ArrayList<>();
        List<Platform.Window> b = new ArrayList<>();
        for (int c = 0; c < cores; c++) {
            long at = 0;
            boolean toA = rnd.nextBoolean();
            while (at < 20) {
                long len = Math.min(20 - at, 2 + rnd.nextInt(8));
                (toA ? a : b).add(new Platform.Window(at, len, OptionalInt.of(c)));
                toA = !toA;
                at += len;
            }
        }
        return new Platform.TimePartitions(20, rnd.nextInt(2), List.of(new Platform.Partition("A", a),
                new Platform.Partition("B", b)));
    }
}
