package org.gpusched.policy;

import java.util.*;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The methods gpusched knows, in report order; ids are unique. Immutable. */
public final class MethodRegistry {
    private final Map<String, Method> byId;

    public MethodRegistry(List<Method> methods) {
        byId = methods.stream().collect(Collectors.toMap(Method::id, m -> m, (a, b) -> {
            throw new IllegalArgumentException("duplicate method id " + a.id());
        }, LinkedHashMap::new));
    }

    /**
     * Every method of this build, in report order: the PBS family first, then the other policies
     * as they are added (each policy package contributes its list here).
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
