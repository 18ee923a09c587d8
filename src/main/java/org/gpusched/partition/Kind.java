package org.gpusched.partition;

/** A kernel's conflict class (the paper's M_i): two tasks of one kind in a partition slow each other down. */
public enum Kind {
    COMPUTE("compute"), MEMORY("memory");

    private final String json;

    Kind(String json) { this.json = json; }

    public String json() { return json; }

    public static Kind of(String s) {
        return s.equals("memory") ? MEMORY : COMPUTE;
    }
}
