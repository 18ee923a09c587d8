package org.gpusched.policy;

import java.util.*;
import java.util.stream.Stream;

/** The methods gpusched knows, in report order; ids are unique. Immutable. */
public final class MethodRegistry {
    private final Map<String, Method> byId;

    public MethodRegistry(List<Method> methods) {
        Map<String, Method> m = new LinkedHashMap<>();
        for (Method x : methods) {
            if (m.putIfAbsent(x.id(), x) != null) {
                throw new IllegalArgumentException("duplicate method id " + x.id());
            }
        }
        this.byId = m;
    }

    /**
     * Every method of this build, in report order: the PBS family first, then the other policies
     * as they are added (each policy package contributes its list here; the GCAPS family checks
     * {@link GcapsApplicability} and reports {@link Evidence#BOUND} rows with its GPU priority
     * order as a {@link Detail.Fact}).
     */
    public static MethodRegistry standard() {
        return new MethodRegistry(Stream.of(PbsFamily.all(), GcapsFamily.all(), TimePartFamily.all(),
                CopyExecFamily.all(), PartitionFamily.all()).flatMap(List::stream).toList());
    }

    public List<Method> all() {
        return List.copyOf(byId.values());
    }

    public List<String> ids() {
        return List.copyOf(byId.keySet());
    }

    public Optional<Method> byId(String id) {
        return Optional.ofNullable(byId.get(id));
    }
}
