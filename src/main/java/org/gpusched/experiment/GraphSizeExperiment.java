package org.gpusched.experiment;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Objective;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.output.RunFolder;
import org.gpusched.pbs.PbsQuestion;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The paper's Figure 5c: vertices created against jobs completed, with domination merging and
 * without any merging. Both runs explore breadth-first and do not stop at the first schedule
 * (BFS, stop=all), since a depth-first search that stops early would hide the growth; the
 * no-merge run ends at the state budget, like the paper's stop after job 14.
 * Unit 2i is set i with merging, unit 2i+1 set i without.
 */
public final class GraphSizeExperiment extends Experiment {
    public static final String KIND = "graph-size";
    static final String RAW_COLUMNS = "unit,scenario,utilization,tasks,index,merge,depth,vertices,cumulative,"
            + "complete:yes|no,verdict:yes|no|inconclusive";
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0x9467bd), new Color(0xff7f0e), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf)};
    private static final MergeLevel[] LEVELS = {MergeLevel.DOMINATION, MergeLevel.NONE};

    private final long seed;
    private final Scenario scenario;
    private final double utilization;
    private final int tasks;
    private final int sets;
    private final long maxStates;
    private final Duration timeLimit;

    public GraphSizeExperiment(long seed, Scenario scenario, double utilization, int tasks, int sets, long maxStates,
                               Duration timeLimit) {
        super(KIND, RAW_COLUMNS);
        if (sets < 1 || maxStates < 1) {
            throw new IllegalArgumentException("need at least one set and a positive state budget");
        }
        this.seed = seed;
        this.scenario = scenario;
        this.utilization = Double.parseDouble(u(utilization));
        this.tasks = tasks;
        this.sets = sets;
        this.maxStates = maxStates;
        this.timeLimit = timeLimit;
    }

    static GraphSizeExperiment fromParams(Map<String, String> p) {
        return new GraphSizeExperiment(Long.parseLong(get(p, "seed")), Scenario.parse(get(p, "scenario")),
                Double.parseDouble(get(p, "utilization")), Integer.parseInt(get(p, "tasks")),
                Integer.parseInt(get(p, "sets")), Long.parseLong(get(p, "maxStates")), millis(p, "timeLimitMs"));
    }

    @Override
    public Map<String, String> params() {
        return map("seed", Long.toString(seed), "scenario", scenario.id(), "utilization", u(utilization),
                "tasks", Integer.toString(tasks), "sets", Integer.toString(sets), "maxStates", Long.toString(maxStates),
                "timeLimitMs", Long.toString(timeLimit.toMillis()));
    }

    @Override
    public int units() {
        return 2 * sets;
    }

    /** One row per depth reached. */
    @Override
    int rowsPerUnit() {
        return 0;
    }

    @Override
    String leading(int unit) {
        return String.join(",", Integer.toString(unit), scenario.id(), u(utilization), Integer.toString(tasks),
                Integer.toString(unit / 2), LEVELS[unit % 2].name().toLowerCase(Locale.ROOT));
    }

    @Override
    public List<String> run(int unit) {
        int index = unit / 2;
        MergeLevel level = LEVELS[unit % 2];
        TaskSet ts = Generator.generate(seed, scenario, utilization, tasks, index).parse();
        Options opt = Options.defaults().withMerge(level).withSearch(SearchOrder.BFS)
                .withStop(StopRule.ALL, Objective.EARLIEST_FINISH).withBudget(maxStates, timeLimit).withGreedyFirst(false);
        PbsQuestion.Measured m = PbsQuestion.measured(ts, opt, opt.budget().start());
        Analysis a = m.analysis();
        long[] perDepth = m.verticesPerDepth();
        int last = IntStream.range(0, perDepth.length).filter(d -> perDepth[d] > 0).max().orElse(0);
        // BFS expands layer by layer and one batch completes at most one job per task, so when a
        // budget stops the run inside layer L, every depth <= deepest - tasks is already complete.
        boolean truncated = a.verdict() == Verdict.INCONCLUSIVE;
        int completeThrough = truncated ? last - ts.size() : last;
        List<String> rows = new ArrayList<>();
        long cumulative = 0;
        for (int d = 0; d <= last; d++) {
            cumulative += perDepth[d];
            rows.add(String.join(",", leading(unit), Integer.toString(d), Long.toString(perDepth[d]),
                    Long.toString(cumulative), SetRunner.word(d <= completeThrough), SetRunner.word(a.verdict())));
        }
        return rows;
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
        StringBuilder csv = new StringBuilder("index,merge,verdict,depthReached,completeThrough,vertices,"
                + "verticesAtJob14\n");
        List<Charts.Series> series = new ArrayList<>();
        for (int unit = 0; unit < units(); unit++) {
            String us = Integer.toString(unit);
            List<String[]> mine = rows.stream().filter(c -> c[0].equals(us)).toList();
            if (mine.isEmpty()) {
                throw new IllegalArgumentException("no raw rows for unit " + unit);
            }
            String[] lastRow = mine.get(mine.size() - 1);
            List<String[]> complete = mine.stream().filter(c -> c[9].equals("yes")).toList();
            String at14 = complete.stream().filter(c -> c[6].equals("14")).map(c -> c[8]).findFirst().orElse("");
            csv.append(String.join(",", lastRow[4], lastRow[5], lastRow[10], lastRow[6],
                    complete.isEmpty() ? "-1" : complete.get(complete.size() - 1)[6], lastRow[8], at14)).append('\n');
            double[] x = complete.stream().mapToDouble(c -> Double.parseDouble(c[6])).toArray();
            double[] y = complete.stream().mapToDouble(c -> Double.parseDouble(c[8])).toArray();
            String label = "set " + lastRow[4] + (lastRow[5].equals("none") ? ", no merge" : ", merge");
            series.add(new Charts.Series(label, x, y));
        }
        List<Path> written = new ArrayList<>();
        written.add(dir.writeString("graph-size.csv", csv.toString()));
        XYChart chart = Charts.line("Graph size, " + tasks + " tasks, U = " + u(utilization) + ", "
                + scenario.id() + " slowdown; no merge capped at " + maxStates + " states", "jobs completed",
                "vertices created (cumulative, log)", true, series);
        // One colour per set; the run without merging dashed.
        for (XYSeries s : chart.getSeriesMap().values()) {
            int set = Integer.parseInt(s.getName().substring(4, s.getName().indexOf(',')));
            Color c = PALETTE[set % PALETTE.length];
            s.setLineColor(c);
            s.setMarkerColor(c);
            if (s.getName().endsWith("no merge")) {
                s.setLineStyle(SeriesLines.DASH_DASH);
            }
        }
        written.addAll(Charts.save(chart, dir, "graph-size"));
        return written;
    }
}
