package org.gpusched.interop;

import java.util.*;

/**
 * MAST identifiers for the tasks of a workload. MAST-1's lexer takes a letter followed by letters,
 * digits, '_' and '.', case-insensitively; a name is written quoted, so that one which happens to
 * be a MAST keyword ("period", "model") still reads as a name. Every character outside letters,
 * digits and '_' becomes '_' ('.' too: the exporter builds names such as "cpu0.scheduler"), "t_"
 * goes in front when it does not start with a letter, and "_2", "_3", … after a name that is
 * already taken (MAST names are case-insensitive).
 */
final class MastNames {
    private MastNames() { }

    static List<String> of(List<String> names) {
        Set<String> taken = new HashSet<>(List.of("cpu", "release", "end"));
        List<String> out = new ArrayList<>();
        for (String n : names) {
            String base = identifier(n, "t_");
            String name = base;
            for (int k = 2; reserved(name) || !taken.add(name.toLowerCase(Locale.ROOT)); k++) {
                name = base + "_" + k;
            }
            out.add(name);
        }
        return out;
    }

    /** The exporter's own names: processors and schedulers "cpuN", closing servers "cpuN_end". */
    private static boolean reserved(String name) {
        return name.toLowerCase(Locale.ROOT).matches("cpu[0-9]+(_end)?");
    }

    /** {@code s} with every character outside [A-Za-z0-9_] as '_', and {@code prefix} before a non-letter start. */
    static String identifier(String s, String prefix) {
        String base = s.isEmpty() ? "_" : s.replaceAll("[^A-Za-z0-9_]", "_");
        return base.charAt(0) < 128 && Character.isLetter(base.charAt(0)) ? base : prefix + base;
    }
}
