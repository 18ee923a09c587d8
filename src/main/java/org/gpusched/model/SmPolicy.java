package org.gpusched.model;

/** How the block scheduler picks an SM for the next block (see docs/oracle.md). */
public enum SmPolicy {
    MOST_ROOM("most-room"),
    ROUND_ROBIN("round-robin");

    private final String json;

    SmPolicy(String json) {
        this.json = json;
    }

    public String json() { return json; }
}
