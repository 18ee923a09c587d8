package org.gpusched.oracle;

import org.gpusched.model.*;

import java.util.*;

/**
 * The paper's oracle (section 2.3): is an ordered batch eligible, where did its blocks go, and
 * how long does it take. Answers by set are memoised: the explorer asks the same sets millions
 * of times. Not thread-safe; one per analysis.
 */
public final class Oracle {
    private final TaskSet ts;
    private final Gpu gpu;
    private final boolean simulate;
    private final BlockUsage[] usage;
    private final int[] grid;
    private final String[] names;
    private final CompletionModel completion;
    private final SetMemo memo;
    private final Map<Long, BatchList> byReady = new HashMap<>();
    private long listedNodes;

    /** Most candidate batches one ready set may have; beyond, the analysis is inconclusive. */
    public static final int MAX_BATCH_NODES = 1 << 20;
    /** The candidate lists are a cache: past this many nodes they are emptied rather than allowed to fill the heap. */
    private static final long MAX_LISTED_NODES = 1L << 23;
    private long placements;
    /** Work counter (candidate sets listed, orders tried) between two looks at the clock. */
    private long work;
    private Budget.Meter meter;

    public Oracle(TaskSet ts) {
        this(ts, null);
    }

    /**
     * An oracle whose enumerations (the candidate sets of one ready mask, the submission orders of
     * one set) stop with {@link Budget.Exhausted} once the meter's time limit has passed: one
     * state of 64 ready tasks can otherwise outlast any limit. {@code meter} may be null.
     */
    public Oracle(TaskSet ts, Budget.Meter meter) {
        this(ts, meter, true);
    }

    /** @param denseMemo false: the hash memo whatever the size (the tests compare the two, {@link SetMemo}) */
    Oracle(TaskSet ts, Budget.Meter meter, boolean denseMemo) {
        this.ts = ts;
        this.meter = meter;
        this.gpu = ts.gpu();
        this.simulate = gpu.limitsPlacement();
        // Masks range over kernels (units): a chain's kernels each have their own launch shape.
        List<Unit> units = ts.units();
        int n = units.size();
        names = new String[n];
        usage = new BlockUsage[n];
        grid = new int[n];
        for (int i = 0; i < n; i++) {
            Kernel k = units.get(i).kernel();
            names[i] = units.get(i).name();
            usage[i] = k == null ? new BlockUsage(0, 0, 0, 0) : BlockUsage.of(k, gpu);
            grid[i] = k == null ? 0 : k.blocks();
        }
        this.completion = new CompletionModel(ts);
        this.memo = new SetMemo(n, denseMemo, this::compute);
    }

    public TaskSet taskSet() {
        return ts;
    }

    /** Name of a unit: the task's name, or {@code task.kernel} for a kernel of a chain. */
    public String unitName(int u) {
        return names[u];
    }

    /** Completion time of the set, or {@link CompletionModel#FORBIDDEN}. */
    public long completion(long mask) {
        return completion.completion(mask);
    }

    /** The runtime's per-frame cost within {@link #completion} of the set (0 without a stated runtime). */
    public long runtimeOverhead(long mask) {
        return completion.overhead(mask);
    }

    /** True when adding tasks to a batch never shortens it (see {@link CompletionModel#monotone()}). */
    public boolean monotoneCompletion() {
        return completion.monotone();
    }

    /**
     * True when tasks i and j can never be in one batch: together their blocks exceed the whole
     * GPU, or at most one kernel may be resident. Holds for every superset too.
     */
    public boolean neverTogether(int i, int j) {
        return gpu.maxResidentKernels() < 2 || simulate && exceedsCapacity(new int[] {i, j});
    }

    /** Number of block-placement simulations run so far (memo misses). */
    public long placements() {
        return placements;
    }

    /** Full placement of one ordered batch, with the per-SM layout and, in its reason, the failing block. */
    public Placement place(int[] order) {
        if (order.length == 1) {
            return Placement.ok(order, List.of());
        }
        if (order.length > gpu.maxResidentKernels()) {
            return new Placement(order, false,
                    order.length + " kernels exceed maxResidentKernels = " + gpu.maxResidentKernels(), List.of());
        }
        if (completion(maskOf(order)) == CompletionModel.FORBIDDEN) {
            return new Placement(order, false, "the interference table has no entry for this set (missing = forbid)",
                    List.of());
        }
        if (!simulate) {
            return Placement.ok(order, List.of());
        }
        BlockPlacer placer = new BlockPlacer(gpu, this::poll);
        List<int[]> layout = new ArrayList<>();
        for (int pos = 0; pos < order.length; pos++) {
            int[] perSm = new int[(int) gpu.sms()];
            int failed = placer.placeKernel(usage[order[pos]], grid[order[pos]], perSm);
            layout.add(perSm);
            if (failed >= 0) {
                return new Placement(order, false, "block " + failed + " of " + names[order[pos]] + " fits on no SM",
                        layout);
            }
        }
        return Placement.ok(order, layout);
    }

    /** Memoised: an eligible order of the set (the lexicographically first one) and its completion time. */
    public BatchInfo batch(long mask) {
        return memo.get(mask);
    }

    /**
     * The sets of tasks drawn from {@code ready} that fit the GPU's summed resources, as a tree in
     * preorder (a set's subtree holds its supersets with higher task indices), each with its
     * completion time and whether some submission order is eligible. Memoised per ready mask: the
     * explorer meets the same ready sets over and over. Sets whose summed block resources exceed
     * the whole GPU are left out with all their supersets (the sums only grow).
     */
    public BatchList batchesOf(long ready) {
        BatchList list = byReady.get(ready);
        if (list == null) {
            BatchList.Builder b = new BatchList.Builder(completion.monotone());
            grow(ready, 0, 0, 0, new long[4], b);
            list = b.build();
            if (listedNodes + list.nodes() > MAX_LISTED_NODES) {
                byReady.clear();
                listedNodes = 0;
            }
            listedNodes += list.nodes();
            byReady.put(ready, list);
        }
        return list;
    }

    private void grow(long ready, long chosen, int size, int from, long[] sums, BatchList.Builder out) {
        for (long rest = ready & (-1L << from); rest != 0; rest &= rest - 1) {
            int t = Long.numberOfTrailingZeros(rest);
            long[] with = sums.clone();
            addUsage(with, t);
            if (!mayFit(with, size + 1)) {
                continue;
            }
            long set = chosen | (1L << t);
            poll();
            if (out.nodes() >= MAX_BATCH_NODES) {
                throw new TooManyBatchesException(Long.bitCount(ready), MAX_BATCH_NODES);
            }
            int node = memo.addTo(out, set, t, size + 1);
            if (t < 63) {
                grow(ready, set, size + 1, t + 1, with, out);
            }
            out.close(node);
        }
    }

    /** Adds a task's summed block resources (blocks, warps, registers, shared memory) to {@code sums}. */
    public void addUsage(long[] sums, int task) {
        sums[0] += grid[task];
        sums[1] += grid[task] * usage[task].warps();
        sums[2] += grid[task] * usage[task].registers();
        sums[3] += grid[task] * usage[task].sharedMemory();
    }

    /**
     * Whether {@code size} kernels with these summed resources may be resident at once. A single
     * kernel runs in waves whatever its size; only sets of two or more must fit at once. A set
     * that may not fit rules out every superset too (sums and sizes only grow).
     */
    public boolean mayFit(long[] sums, int size) {
        return size <= 1 || size <= gpu.maxResidentKernels() && !(simulate && overCapacity(sums));
    }

    private boolean overCapacity(long[] sums) {
        long sms = gpu.sms();
        return over(sums[0], gpu.maxBlocksPerSm(), sms) || over(sums[1], gpu.warpSlotsPerSm(), sms)
                || over(sums[2], gpu.registersPerSm(), sms) || over(sums[3], gpu.sharedMemoryPerSm(), sms);
    }

    private BatchInfo compute(long mask) {
        int[] tasks = tasksOf(mask);
        long c = completion(mask);
        if (tasks.length == 1) {
            return new BatchInfo(tasks, c);
        }
        if (c == CompletionModel.FORBIDDEN || tasks.length > gpu.maxResidentKernels()
                || simulate && exceedsCapacity(tasks)) {
            return new BatchInfo(null, c);
        }
        if (!simulate) {
            return new BatchInfo(tasks, c);
        }
        placements++;
        int[] order = new int[tasks.length];
        boolean found = permute(new BlockPlacer(gpu, this::poll), tasks, new boolean[tasks.length], order, 0);
        return new BatchInfo(found ? order : null, c);
    }

    /** A set whose blocks cannot all be resident even with perfect packing is never eligible. */
    private boolean exceedsCapacity(int[] tasks) {
        long[] sums = new long[4];
        for (int t : tasks) {
            addUsage(sums, t);
        }
        return overCapacity(sums);
    }

    private static boolean over(long used, long perSm, long sms) {
        // perSm * sms may exceed a long for absurd limits: then nothing can be over it.
        return perSm != Gpu.UNLIMITED && perSm <= Long.MAX_VALUE / sms && used > perSm * sms;
    }

    /** Depth-first over submission orders; a failing prefix prunes every order that starts with it. */
    private boolean permute(BlockPlacer placer, int[] tasks, boolean[] used, int[] order, int depth) {
        if (depth == tasks.length) {
            return true;
        }
        for (int i = 0; i < tasks.length; i++) {
            if (used[i]) {
                continue;
            }
            poll();
            BlockPlacer next = depth == tasks.length - 1 ? placer : placer.copy();
            if (next.placeKernel(usage[tasks[i]], grid[tasks[i]], null) >= 0) {
                continue;
            }
            used[i] = true;
            order[depth] = tasks[i];
            if (permute(next, tasks, used, order, depth + 1)) {
                return true;
            }
            used[i] = false;
        }
        return false;
    }

    /**
     * Stops looking at the clock: called once the analysis is over, so that rebuilding its
     * schedule or witness (which may ask for a set not memoised) cannot throw a budget error.
     */
    public void detachMeter() {
        meter = null;
    }

    /**
     * Counts a step of work (the oracle's own or a caller's) against the clock: now and then it
     * throws {@link Budget.Exhausted} once the time limit has passed.
     */
    public void poll() {
        if ((++work & 4095) == 0 && meter != null) {
            meter.checkTime();
        }
    }

    /**
     * Starts an ordered batch that is built kernel by kernel, as the EDF-parallel walk does. Each
     * {@link OrderedBatch#tryAppend} answers what {@link #place} would answer for the batch with
     * that kernel appended, but places only the new kernel's blocks (placement is sequential, so
     * the prefix's layout is the same either way).
     */
    public OrderedBatch orderedBatch() {
        return new OrderedBatch();
    }

    /** A batch under construction; see {@link #orderedBatch()}. */
    public final class OrderedBatch {
        private BlockPlacer placer = simulate ? new BlockPlacer(gpu, Oracle.this::poll) : null;
        private boolean saturated;
        private long mask;
        private int size;

        /** Appends the task when the batch with it appended is eligible; returns whether it did. */
        public boolean tryAppend(int task) {
            long with = mask | (1L << task);
            if ((mask & (1L << task)) != 0) {
                return false;
            }
            if (size > 0 && (size + 1 > gpu.maxResidentKernels() || saturated
                    || completion(with) == CompletionModel.FORBIDDEN)) {
                return false;
            }
            if (placer != null) {
                BlockPlacer next = size == 0 ? placer : placer.copy();
                if (next.placeKernel(usage[task], grid[task], null) >= 0) {
                    if (size > 0) {
                        return false;
                    }
                    // A lone kernel larger than the GPU runs in waves; nothing can join it.
                    saturated = true;
                }
                placer = next;
            }
            mask = with;
            size++;
            return true;
        }

        public long mask() {
            return mask;
        }
    }

    public static int[] tasksOf(long mask) {
        int[] out = new int[Long.bitCount(mask)];
        int k = 0;
        for (long b = mask; b != 0; b &= b - 1) {
            out[k++] = Long.numberOfTrailingZeros(b);
        }
        return out;
    }

    public static long maskOf(int[] order) {
        long m = 0;
        for (int t : order) {
            m |= 1L << t;
        }
        return m;
    }

    @Override
    public String toString() {
        return "Oracle[" + ts.displayName() + ", memo=" + memo.size() + ", order=" + Arrays.toString(grid) + "]";
    }
}
