package org.gpusched.interop;

import org.gpusched.model.Workload;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * MAST identifiers for the tasks of a workload: a task's name with every character outside
 * letters, digits and '_' turned into '_', "t_" in front when it does not start with a letter,
 * and "_2", "_3", … after a name that is already taken (MAST names are case-insensitive).
 */
final class MastNames {
    private MastNames() { }

    static List<String> of(Workload w) {
        Set<String> taken = new HashSet<>(List.of("cpu", "release", "end"));
        List<String> out = new ArrayList<>();
        for (var t : w.tasks()) {
            String base = t.name().replaceAll("[^A-Za-z0-9_]", "_");
            if (!Character.isLetter(base.charAt(0))) {
                base = "t_" + base;
            }
            String name = base;
            for (int k = 2; !taken.add(name.toLowerCase(Locale.ROOT)); k++) {
                name = base + "_" + k;
            }
            out.add(name);
        }
        return out;
    }
}
