package org.gpusched.experiment;

import org.gpusched.model.TaskSet;
import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The paper's Figure 4: the ratio of sets that GPUSched, EDF-serial and EDF-parallel schedule,
 * per scenario and utilisation. Units are ordered scenario, then U, then set index.
 * A set GPUSched leaves inconclusive counts as not schedulable in the ratio and is counted
 * in the {@code inconclusive} column.
 */
public final class SchedulabilityExperiment extends Experiment {
    public static final String KIND = "schedulability";
    public static final String SUMMARY = "schedulability.csv";
    public static final String HEADER = "scenario,utilization,sets,gpusched,edfSerial,edfParallel,inconclusive";
    static final String RAW_HEADER = "unit,scenario,utilization,tasks,index,gpusched,edfSerial,edfParallel,timeMs,"
            + "vertices,jobs";

    private final PaperSets paper;

    public SchedulabilityExperiment(long seed, List<Scenario> scenarios, List<Double> utilizations, int sets,
                                    int tasks, Duration timeLimit) {
        this(new PaperSets(seed, scenarios, utilizations, sets, tasks, timeLimit));
    }

    private SchedulabilityExperiment(PaperSets paper) {
        super(KIND, RAW_HEADER);
        this.paper = paper;
    }

    /** U = 0.2, 0.4, ..., 2.0 as in Figure 4. */
    public static List<Double> paperUtilizations() {
        return IntStream.rangeClosed(1, 10).mapToObj(i -> i * 0.2).toList();
    }

    static SchedulabilityExperiment fromParams(Map<String, String> p) {
        return new SchedulabilityExperiment(PaperSets.fromParams(p));
    }

    @Override
    public Map<String, String> params() {
        return paper.params();
    }

    @Override
    public int units() {
        return paper.units();
    }

    @Override
    public List<String> run(int unit) {
        PaperSets.Unit u = paper.unit(unit);
        TaskSet ts = paper.taskSet(u);
        SetRunner.Result r = SetRunner.run(ts, paper.timeLimit(), true);
        return List.of(String.join(",", u.columns(), SetRunner.word(r.gpusched()), SetRunner.word(r.edfSerial()),
                SetRunner.word(r.edfParallel()), SetRunner.ms(r.timeMs()), Long.toString(r.vertices()),
                Integer.toString(r.jobs())));
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        List<Path> written = new ArrayList<>();
        List<Double> utilizations = paper.utilizations();
        int sets = paper.sets();
        int r = 0;
        for (Scenario sc : paper.scenarios()) {
            double[] x = new double[utilizations.size()];
            double[][] y = new double[3][utilizations.size()];
            for (int ui = 0; ui < utilizations.size(); ui++, r += sets) {
                List<String[]> point = Experiment.point(rows, r, sets, sc.id(), Experiment.u(utilizations.get(ui)));
                x[ui] = utilizations.get(ui);
                for (int k = 0; k < 3; k++) {
                    y[k][ui] = (double) Experiment.count(point, 5 + k, "yes") / sets;
                }
                csv.append(String.format(Locale.ROOT, "%s,%.2f,%d,%.4f,%.4f,%.4f,%d\n", sc.id(), x[ui], sets,
                        y[0][ui], y[1][ui], y[2][ui], Experiment.count(point, 5, "inconclusive")));
            }
            var chart = Charts.ratio("Schedulability, " + sc.id() + " slowdown [" + sc.low() + ", " + sc.high()
                            + "], " + paper.tasks() + " tasks, " + sets + " sets per point", "total utilisation U", x,
                    List.of("GPUSched", "EDF-serial", "EDF-parallel"), y);
            written.addAll(Charts.save(chart, dir, "schedulability-" + sc.id()));
        }
        return Experiment.finish(rows, r, dir, SUMMARY, csv, written);
    }
}
