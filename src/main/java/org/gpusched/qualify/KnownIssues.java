package org.gpusched.qualify;

import java.util.ArrayList;
import java.util.List;

/**
 * The known issues of this release, one per item of resource {@code qualify/known-issues.md}: the
 * safety manual shows the same text (a test holds the two equal), and qualify prints it with every
 * report so that the evidence and its limits travel together.
 */
public final class KnownIssues {
    private KnownIssues() { }

    /** The resource's text as shipped. */
    public static String text() {
        return ShippedCases.resource("/qualify/known-issues.md");
    }

    /** Every "- " item, continuation lines joined. */
    public static List<String> list() {
        List<String> out = new ArrayList<>();
        StringBuilder item = null;
        for (String line : text().split("\n")) {
            if (line.startsWith("- ")) {
                if (item != null) {
                    out.add(item.toString());
                }
                item = new StringBuilder(line.substring(2).strip());
            } else if (item != null && line.startsWith("  ") && !line.isBlank()) {
                item.append(' ').append(line.strip());
            } else if (item != null) {
                out.add(item.toString());
                item = null;
            }
        }
        if (item != null) {
            out.add(item.toString());
        }
        return out;
    }
}
