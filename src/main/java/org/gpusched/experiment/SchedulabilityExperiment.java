package org.gpusched.experiment;

import org.gpusched.model.TaskSet;
import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
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
    public static final String HEADER = "scenario,utilization,sets,gpusched,edfSerial,edfParallel,inconclusive";
    static final String RAW_COLUMNS = "unit,scenario,utilization,tasks,index,gpusched:yes|no|inconclusive,"
            + "edfSerial:yes|no,edfParallel:yes|no,timeMs:number,vertices,jobs";

    private final PaperSets paper;

    public SchedulabilityExperiment(long seed, List<Scenario> scenarios, List<Double> utilizations, int sets,
                                    int tasks, Duration timeLimit) {
        this(new PaperSets(seed, scenarios, utilizations, sets, tasks, timeLimit));
    }

    private SchedulabilityExperiment(PaperSets paper) {
        super(KIND, RAW_COLUMNS);
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
    String leading(int unit) {
        return paper.unit(unit).columns();
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
        return paper.ratios(rows, dir, KIND, HEADER, List.of("GPUSched", "EDF-serial", "EDF-parallel"),
                sc -> "Schedulability, " + sc.id() + " slowdown [" + sc.low() + ", " + sc.high() + "], "
                        + paper.tasks() + " tasks, " + paper.sets() + " sets per point",
                (csv, sc, u, point, y) -> csv.append(String.format(Locale.ROOT, "%s,%.2f,%d,%.4f,%.4f,%.4f,%d\n",
                        sc.id(), u, paper.sets(), y[0], y[1], y[2], count(point, 5, "inconclusive"))));
    }
}
