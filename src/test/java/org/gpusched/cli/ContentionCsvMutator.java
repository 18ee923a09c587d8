package org.gpusched.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Hostile raw files of {@code experiment interference} for {@code --sim-contention}: a valid file
 * with one to three random mutations of the kinds a hand-edited or spreadsheet-saved file shows (a
 * byte-order mark, quoted or half-quoted fields, hex, NaN and exponents, a member without its time,
 * a duplicated set, a slowdown below 1, empty lines, CRLF, numbers past any measurement, a field too
 * many or too few). Deterministic for one {@link Random}.
 */
final class ContentionCsvMutator {
    static final String HEADER = "unit,set,measured,slowdowns,isolated";
    private static final List<String> ROWS = List.of(
            "0,memory:100+memory:100,200,2.0 2.0,60 50",
            "1,compute:100+memory:250,256,1.003188 1.018663,100.384 250.336",
            "2,memory:100+shared:100,107,0.997451 1.061367,100.416 100.640",
            "3,compute:100+compute:250+shared:250,929,0.999683 1.021640 3.682534,100.800 251.392 252.096");
    private static final List<String> NUMBERS = List.of("0x1p0", "NaN", "Infinity", "-1", "1e3", "1E-2", "+2",
            "0.5", "0.97", "0", "99999999999999999999999999", "1" + "0".repeat(400), "1.", ".5", "1,5", "\"1.0\"",
            "1_000", "٣", "1.0f", " 2.0 ");
    private final Random rnd;
    private final List<String> applied = new ArrayList<>();

    ContentionCsvMutator(Random rnd) {
        this.rnd = rnd;
    }

    /** What the last {@link #mutate()} did, for the failure message. */
    String applied() {
        return String.join(", ", applied);
    }

    String mutate() {
        applied.clear();
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        lines.addAll(ROWS.subList(0, 1 + rnd.nextInt(ROWS.size())));
        boolean bom = false;
        boolean crlf = false;
        int n = 1 + rnd.nextInt(3);
        for (int m = 0; m < n; m++) {
            int at = 1 + rnd.nextInt(lines.size() - 1);
            String line = lines.get(at);
            switch (rnd.nextInt(11)) {
                case 0 -> {
                    bom = true;
                    applied.add("bom");
                }
                case 1 -> {
                    crlf = true;
                    applied.add("crlf");
                }
                case 2 -> {
                    String[] f = line.split(",", -1);
                    int k = rnd.nextInt(f.length);
                    f[k] = rnd.nextBoolean() ? "\"" + f[k] + "\"" : "\"" + f[k];
                    lines.set(at, String.join(",", f));
                    applied.add("quote field " + k + " of line " + (at + 1));
                }
                case 3, 4 -> {
                    String[] f = line.split(",", -1);
                    int k = 2 + rnd.nextInt(Math.max(1, f.length - 2));
                    if (k < f.length) {
                        String[] words = f[k].split(" ");
                        words[rnd.nextInt(words.length)] = NUMBERS.get(rnd.nextInt(NUMBERS.size()));
                        f[k] = String.join(" ", words);
                    }
                    lines.set(at, String.join(",", f));
                    applied.add("number in line " + (at + 1));
                }
                case 5 -> {
                    lines.set(at, line.replaceFirst(":[0-9]+", rnd.nextBoolean() ? ":" : ""));
                    applied.add("member time dropped in line " + (at + 1));
                }
                case 6 -> {
                    lines.add(line.replaceFirst("^[0-9]+", Integer.toString(lines.size())));
                    applied.add("line " + (at + 1) + " twice");
                }
                case 7 -> {
                    lines.add(at, rnd.nextBoolean() ? "" : "   ");
                    applied.add("empty line at " + (at + 1));
                }
                case 8 -> {
                    lines.set(at, rnd.nextBoolean() ? line + ",x" : line.substring(0, line.lastIndexOf(',')));
                    applied.add("field count in line " + (at + 1));
                }
                case 9 -> {
                    lines.set(at, line.replace("memory", rnd.nextBoolean() ? "warp" : "Memory"));
                    applied.add("kind in line " + (at + 1));
                }
                default -> {
                    lines.set(at, line.replaceFirst(" ", rnd.nextBoolean() ? "  " : ""));
                    applied.add("spaces in line " + (at + 1));
                }
            }
        }
        String text = String.join(crlf ? "\r\n" : "\n", lines) + (crlf ? "\r\n" : "\n");
        return bom ? "\uFEFF" + text : text;
    }
}
