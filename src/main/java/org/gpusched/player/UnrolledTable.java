package org.gpusched.player;

import org.gpusched.explore.poweron.UnboundedJobs;
import org.gpusched.model.*;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.Tables;

import java.util.*;
import java.util.stream.Collectors;

/**
 * A scheduling table bound to its task set and unrolled over N hyperperiods, in flat arrays
 * (the shape the native player takes). Entry e holds items first(e) .. first(e+1)-1 in
 * submission order; all times are ticks from the start of the first hyperperiod.
 */
public final class UnrolledTable {
    /** Unrolled entries are indexed by int and every item is a kernel launch; keep runs bounded. */
    public static final long MAX_ITEMS = 1_000_000L;

    private final TaskSet ts;
    private final SchedulingTable table;
    private final int hyperperiods;
    /** The hyperperiods asked for: {@link #hyperperiods} but for a power-on table, unrolled into one. */
    private final int played;
    private final long[] plannedStart;
    private final long[] plannedEnd;
    private final long[] completion;
    private final long[] latestRelease;
    private final int[] first;
    private final int[] task;
    private final int[] job;
    private final int[] stage;
    private final int[] unit;
    /** Per item its kernel's stated H2D (before) and D2H (after) copy time; per entry their sum. */
    private final long[] h2d;
    private final long[] d2h;
    private final long[] frameCopies;
    private final long[] release;
    private final long[] deadline;
    private List<int[]> neverRun = List.of();

    private UnrolledTable(TaskSet ts, SchedulingTable table, int hyperperiods, int played, String tableFile) {
        this.ts = ts;
        this.table = table;
        this.hyperperiods = hyperperiods;
        this.played = played;
        int perHp = table.entries().size();
        int itemsPerHp = table.entries().stream().mapToInt(e -> e.batch().size()).sum();
        int n = perHp * hyperperiods;
        plannedStart = new long[n];
        plannedEnd = new long[n];
        completion = new long[n];
        latestRelease = new long[n];
        first = new int[n + 1];
        int m = itemsPerHp * hyperperiods;
        task = new int[m];
        job = new int[m];
        stage = new int[m];
        unit = new int[m];
        h2d = new long[m];
        d2h = new long[m];
        frameCopies = new long[n];
        release = new long[m];
        deadline = new long[m];
        fill(tableFile);
    }

    /**
     * Binds {@code table} to {@code ts}; refuses (one line naming {@code tableFile}) a table of
     * another hyperperiod or one that names unknown tasks or jobs. Whether the table is a valid
     * schedule of {@code ts} (its hash included) is the caller's question (TableChecker): with
     * {@code play --force} a bad table is played to show what it does, and every job it never
     * runs is counted as missed ({@link #neverRun}).
     */
    public static UnrolledTable of(TaskSet ts, SchedulingTable table, String tableFile, int hyperperiods) {
        if (table.hyperperiod() != ts.hyperperiod()) {
            throw new InputException(tableFile, "hyperperiod", "hyperperiod " + table.hyperperiod()
                    + " differs from the task set's " + ts.hyperperiod());
        }
        if (hyperperiods < 1) {
            throw new InputException(tableFile, "", "--hyperperiods must be at least 1");
        }
        long items = table.entries().stream().mapToLong(e -> e.batch().size()).sum() * (long) hyperperiods;
        if (items > MAX_ITEMS || table.entries().size() * (long) hyperperiods > MAX_ITEMS) {
            throw new InputException(tableFile, "", "too many launches (" + items + ") for " + hyperperiods
                    + " hyperperiods; the player plays at most " + MAX_ITEMS);
        }
        if (table.repeat() != null) {
            // Power-on: the prefix once, then one turn of the periodic part per "hyperperiod" asked
            // for, on the file's time line (the checker has already shown every turn valid).
            TaskSet file = UnboundedJobs.fileTimeLine(ts);
            SchedulingTable flat = new SchedulingTable(table.format(), table.formatVersion(), table.taskSet(),
                    table.timeUnit(), table.hyperperiod(), table.method(), table.streams(),
                    Tables.unroll(table, file, hyperperiods), table.repeat());
            return new UnrolledTable(file, flat, 1, hyperperiods, tableFile);
        }
        return new UnrolledTable(ts, table, hyperperiods, hyperperiods, tableFile);
    }

    private void fill(String file) {
        // Items name units: the task, or task.kernel for a kernel of a chain.
        Map<String, Unit> index = ts.units().stream().collect(Collectors.toMap(Unit::name, u -> u, (a, b) -> b));
        Oracle oracle = new Oracle(ts);
        long h = ts.hyperperiod();
        int e = 0;
        int i = 0;
        for (int k = 0; k < hyperperiods; k++) {
            long offset = Ticks.mul(k, h);
            for (int te = 0; te < table.entries().size(); te++) {
                SchedulingTable.Entry entry = table.entries().get(te);
                String where = "entries[" + te + "]";
                if (entry.batch().isEmpty()) {
                    throw new InputException(file, where, "empty batch");
                }
                first[e] = i;
                long mask = 0;
                long units = 0;
                long latest = 0;
                for (SchedulingTable.Item it : entry.batch()) {
                    Unit u = index.get(it.task());
                    if (u == null) {
                        throw new InputException(file, where, "unknown task " + it.task());
                    }
                    int t = u.task();
                    if (it.job() < 0 || it.job() >= ts.jobsOf(t) && table.repeat() == null) {
                        throw new InputException(file, where, it.task() + "#" + it.job()
                                + " is not a job of the hyperperiod (" + ts.jobsOf(t) + " jobs)");
                    }
                    if ((mask & (1L << t)) != 0) {
                        throw new InputException(file, where, "two jobs of " + it.task() + " in one batch");
                    }
                    mask |= 1L << t;
                    units |= 1L << u.index();
                    Task task0 = ts.task(t);
                    task[i] = t;
                    job[i] = it.job();
                    stage[i] = u.stage();
                    unit[i] = u.index();
                    Stage st = task0.chain().get(u.stage());
                    h2d[i] = st.h2d();
                    d2h[i] = st.d2h();
                    frameCopies[e] = Ticks.add(frameCopies[e], Ticks.add(st.h2d(), st.d2h()));
                    // The earliest start is the end of the release window (arrival + jitter): a
                    // reclaiming player cannot know of the job earlier. The deadline is arrival + D.
                    release[i] = Ticks.add(offset, task0.release(it.job()));
                    deadline[i] = Ticks.add(offset, task0.absoluteDeadline(it.job()));
                    latest = Math.max(latest, release[i]);
                    i++;
                }
                long c = oracle.completion(units);
                if (c == CompletionModel.FORBIDDEN) {
                    throw new InputException(file, where, "the interference model forbids this batch");
                }
                completion[e] = c;
                // A table may hold any long: saturate (beyond the horizon reads as a miss), never wrap.
                plannedStart[e] = Ticks.add(offset, entry.start());
                plannedEnd[e] = Ticks.add(offset, entry.end());
                latestRelease[e] = latest;
                e++;
            }
        }
        first[e] = i;
        // A power-on table's jobs run across the prefix and the turns; the checker saw each of them run.
        neverRun = table.repeat() == null ? unplayed() : List.of();
    }

    /** Jobs of one hyperperiod that no entry runs, as task index and job index pairs, in task order. */
    private List<int[]> unplayed() {
        List<int[]> out = new ArrayList<>();
        int perHp = table.entries().isEmpty() ? 0 : first[table.entries().size()];
        for (Task t : ts.tasks()) {
            // A job is played when every kernel of its chain is.
            int kernels = t.kernels();
            BitSet seen = new BitSet(ts.jobsOf(t.index()) * kernels);
            for (int k = 0; k < perHp; k++) {
                if (task[k] == t.index()) {
                    seen.set(job[k] * kernels + stage[k]);
                }
            }
            for (int j = 0; j < ts.jobsOf(t.index()); j++) {
                if (seen.nextClearBit(j * kernels) < (j + 1) * kernels) {
                    out.add(new int[] {t.index(), j});
                }
            }
        }
        return out;
    }

    public TaskSet taskSet() { return ts; }
    public SchedulingTable table() { return table; }
    public int hyperperiods() { return hyperperiods; }
    /** The hyperperiods played, as asked (a power-on table's turns after its prefix). */
    public int played() { return played; }
    public int entries() { return plannedStart.length; }
    public int items() { return task.length; }
    /** Entries of one hyperperiod (the table's own entry count). */
    public int entriesPerHyperperiod() { return table.entries().size(); }
    public int first(int entry) { return first[entry]; }
    public long plannedStart(int entry) { return plannedStart[entry]; }
    public long plannedEnd(int entry) { return plannedEnd[entry]; }
    /** The batch's modelled completion time C(S) (oracle). */
    public long completion(int entry) { return completion[entry]; }
    /** The latest release among the entry's jobs: the earliest a reclaiming player may start it. */
    public long latestRelease(int entry) { return latestRelease[entry]; }
    public int task(int item) { return task[item]; }
    public int job(int item) { return job[item]; }
    public long release(int item) { return release[item]; }
    public long deadline(int item) { return deadline[item]; }
    /** The end of the last hyperperiod played. */
    public long horizon() { return Ticks.mul(ts.hyperperiod(), hyperperiods); }

    /**
     * Jobs of each hyperperiod that the table never runs ({task, job} pairs): a valid table has
     * none; {@code play --force} reports each of them, in every hyperperiod played, as a miss.
     */
    public List<int[]> neverRun() {
        return neverRun.stream().map(int[]::clone).toList();
    }

    /** Kernel of its job's chain that item runs (0 for a task of one kernel). */
    public int stage(int item) { return stage[item]; }
    /** The unit (kernel of the task set, {@link TaskSet#units()}) that item runs. */
    public int unit(int item) { return unit[item]; }
    /** The stated time of the copy to the device before the item's kernel (0 without). */
    public long h2d(int item) { return h2d[item]; }
    /** The stated time of the copy to the host after the item's kernel (0 without). */
    public long d2h(int item) { return d2h[item]; }
    /** Every copy of the entry's frame, summed: C(S) minus this is the kernels' part. */
    public long frameCopies(int entry) { return frameCopies[entry]; }
    /** The set of units (bit u: unit u) the entry's frame runs. */
    public long mask(int entry) {
        long mask = 0;
        for (int i = first[entry]; i < first[entry + 1]; i++) {
            mask |= 1L << unit[i];
        }
        return mask;
    }

    public String label(int item) {
        return ts.unitName(task[item], stage[item]) + "#" + job[item];
    }
}
