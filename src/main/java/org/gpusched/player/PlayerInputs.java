package org.gpusched.player;

import org.gpusched.input.StrictJson;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code play} and {@code verify} take: a table (file or stdin) that must be a valid
 * schedule of its task set (TableChecker, hash included) unless {@code --force}, and a run length
 * the heap can hold.
 */
public final class PlayerInputs {
    /**
     * Heap one launch costs while a run is played and reported (plan, trace, per-job rows and, for
     * JSON, the report tree): about 400 and 2,600 bytes measured on 1M launches, with margin (docs/player.md).
     */
    public static final long BYTES_PER_LAUNCH = 512;
    public static final long BYTES_PER_LAUNCH_JSON = 3_072;
    private static final Pattern ENTRY = Pattern.compile("^entry (\\d+) ");

    private PlayerInputs() { }

    /** What a run plays: the table file as named, whether --force was given, and whether it reports JSON. */
    public record Request(String table, Path taskset, int hyperperiods, boolean force, boolean json,
                   boolean allowExternalModules) { }

    public static UnrolledTable load(Request r, InputStream stdin, PrintWriter err) {
        if (r.table().equals("-") && r.taskset().toString().equals("-")) {
            throw new InputException("-", "", "the table and the task set cannot both come from stdin");
        }
        TaskSet ts = new TaskSetReader(r.allowExternalModules()).read(r.taskset());
        String content = readTable(r.table(), stdin);
        SchedulingTable t = Tables.read(r.table(), content);
        checkSize(r, t);
        List<String> problems = TableChecker.check(ts, t);
        if (!problems.isEmpty()) {
            String what = "not a valid schedule of " + ts.displayName() + " (" + problems.size() + " problem"
                    + (problems.size() == 1 ? "" : "s") + "; first: " + problems.get(0) + ")";
            try {
                // Only a table that unrolls can be played: one of another hyperperiod, naming unknown
                // tasks or jobs, or with an empty batch is refused as such, --force or not.
                UnrolledTable.of(ts, t, r.table(), 1);
            } catch (InputException e) {
                throw StrictJson.parse(r.table(), content, "a scheduling table").error(e.path(),
                        "not a valid schedule of " + ts.displayName() + ": " + e.detail()
                                + "; --force cannot play such a table");
            }
            if (!r.force()) {
                throw refusal(r.table(), content, problems.get(0), what + "; --force plays it anyway");
            }
            err.println("warning: " + refusal(r.table(), content, problems.get(0), what).getMessage()
                    + "; playing it because of --force (jobs it never runs count as misses)");
        }
        return UnrolledTable.of(ts, t, r.table(), r.hyperperiods());
    }

    /**
     * Runs that the heap cannot hold are refused before anything is allocated, with what they need:
     * an OutOfMemoryError half-way through would say nothing useful (docs/player.md, "Limits").
     */
    private static void checkSize(Request r, SchedulingTable t) {
        long perHp = t.entries().stream().mapToLong(e -> e.batch().size()).sum();
        long launches = perHp * r.hyperperiods();
        if (launches > UnrolledTable.MAX_ITEMS || t.entries().size() * (long) r.hyperperiods() > UnrolledTable.MAX_ITEMS) {
            throw new InputException(r.table(), "", String.format(Locale.ROOT, "%d hyperperiods of %d launches"
                    + " are %d launches; a run plays at most %d (fewer --hyperperiods)", r.hyperperiods(), perHp,
                    launches, UnrolledTable.MAX_ITEMS));
        }
        long need = launches * (r.json() ? BYTES_PER_LAUNCH_JSON : BYTES_PER_LAUNCH);
        long heap = Runtime.getRuntime().maxMemory();
        if (need > heap / 10 * 8) {
            throw new InputException(r.table(), "", String.format(Locale.ROOT, "%d launches need about %d MiB of"
                    + " heap for this report, more than the %d MiB the JVM may use; play fewer --hyperperiods"
                    + " or give the JVM more (-Xmx, e.g. GPUSCHED_JAVA_OPTS=-Xmx8g)", launches, need >> 20,
                    heap >> 20));
        }
    }

    /** The checker's first problem as an input error, at the entry it names when it names one. */
    private static InputException refusal(String file, String content, String first, String detail) {
        Matcher m = ENTRY.matcher(first);
        String path = m.find() ? "entries[" + m.group(1) + "]" : first.startsWith("table has no task-set hash")
                || first.startsWith("table was computed for another") ? "taskSet.sha256"
                : first.startsWith("hyperperiod") ? "hyperperiod" : "entries";
        return StrictJson.parse(file, content, "a scheduling table").error(path, detail);
    }

    private static String readTable(String table, InputStream stdin) {
        try {
            byte[] bytes = table.equals("-") ? stdin.readAllBytes() : Files.readAllBytes(Path.of(table));
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (text.isBlank()) {
                throw new InputException(table, "", "empty input: expected a scheduling table (JSON)");
            }
            return text;
        } catch (NoSuchFileException e) {
            throw new InputException(table, "", "no such file");
        } catch (IOException e) {
            throw new InputException(table, "", "cannot read: " + e.getMessage());
        }
    }
}
