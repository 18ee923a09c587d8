package org.gpusched.experiment;

import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.*;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/** Runs an experiment's units (optionally one shard of them, on several threads) into its run folder. */
public final class Sweep {
    private Sweep() { }

    /** The whole-run time limit ended the run before every unit of the shard was done. */
    public static final class OutOfTime extends RuntimeException {
        private final int done;
        private final int total;

        OutOfTime(int done, int total) {
            super(done + " of " + total + " units done when the time limit was reached", null, false, false);
            this.done = done;
            this.total = total;
        }

        public int done() {
            return done;
        }

        public int total() {
            return total;
        }
    }

    /**
     * The raw rows of the shard's units in unit order, whatever order the threads finish in, starting
     * no unit once System.nanoTime() passes {@code deadline}: a unit already running finishes under its
     * own per-set limit, so the run ends within the limit plus one unit; then {@link OutOfTime}.
     */
    static List<String> run(Experiment e, Shard shard, int threads, long deadline, PrintWriter progressTo) {
        List<Integer> mine = IntStream.range(0, e.units()).filter(shard::owns).boxed().toList();
        Progress bar = Progress.bar(progressTo, e.kind(), mine.size());
        // A unit's rows, or null when the deadline passed before it started.
        IntFunction<List<String>> unit = u -> {
            if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline >= 0) {
                return null;
            }
            List<String> r = e.run(u);
            if (bar != null) {
                bar.step();
            }
            return r;
        };
        List<String> rows = new ArrayList<>();
        if (threads <= 1) {
            for (int i = 0; i < mine.size(); i++) {
                List<String> r = unit.apply(mine.get(i));
                if (r == null) {
                    throw outOfTime(bar, i, mine.size());
                }
                rows.addAll(r);
            }
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "gpusched-experiment");
                t.setDaemon(true);
                return t;
            });
            try {
                List<Future<List<String>>> futures = new ArrayList<>();
                for (int u : mine) {
                    futures.add(pool.submit(() -> unit.apply(u)));
                }
                int done = 0;
                for (Future<List<String>> f : futures) {
                    List<String> r = f.get();
                    if (r != null) {
                        rows.addAll(r);
                        done++;
                    }
                }
                if (done < mine.size()) {
                    throw outOfTime(bar, done, mine.size());
                }
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", ex);
            } catch (ExecutionException ex) {
                throw ex.getCause() instanceof RuntimeException re ? re : new IllegalStateException(ex.getCause());
            } finally {
                pool.shutdownNow();
            }
        }
        if (bar != null) {
            bar.close();
        }
        return rows;
    }

    private static OutOfTime outOfTime(Progress bar, int done, int total) {
        if (bar != null) {
            bar.close();
        }
        return new OutOfTime(done, total);
    }

    /**
     * Runs and writes into the run folder (locked and checked before the long computation, so a
     * refused folder costs nothing): the shard's raw file for a shard, else the raw file, the summary
     * CSVs and the plots. Files are written only once every unit is done, so an interrupted run
     * leaves the folder as it was; the folder's marker says "running" while they are written.
     */
    public static List<Path> execute(Experiment e, Shard shard, int threads, long deadline, RunFolder dir,
                                     PrintWriter progressTo) throws IOException {
        List<String> rows = run(e, shard, threads, deadline, progressTo);
        return write(e, shard, rows, shard.whole() ? split(rows) : null, dir);
    }

    /** The raw file of {@code shard}, then the summaries of {@code rows} (null: none), inside the folder's run. */
    static List<Path> write(Experiment e, Shard shard, List<String> lines, List<String[]> rows, RunFolder dir)
            throws IOException {
        Map<String, String> params = new LinkedHashMap<>(e.params());
        params.put("shard", shard.toString());
        dir.start(params);
        List<Path> written = new ArrayList<>(RawFile.write(dir, e, shard, lines));
        if (rows != null) {
            written.addAll(e.summarize(rows, dir));
        }
        dir.complete();
        return written;
    }

    /** The folder kind of an experiment's runs: a merge writes the same kind as an unsharded run. */
    public static String folderKind(String experimentKind) {
        return "experiment " + experimentKind;
    }

    static List<String[]> split(List<String> rows) {
        return rows.stream().map(r -> r.split(",", -1)).toList();
    }
}
