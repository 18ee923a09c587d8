package org.gpusched.gantt;

import java.util.List;

/**
 * A timeline to draw: lanes top to bottom (copy engines, one kernel lane per task), bars coloured
 * by task, frames as background bands, misses as marks. Times are in {@code unit}.
 *
 * @param tasks task names in colour order (a bar's {@code task} indexes it)
 */
public record Gantt(String title, String unit, List<String> lanes, List<String> tasks, List<Bar> bars,
                    List<Band> bands, List<Mark> misses) {

    public Gantt {
        lanes = List.copyOf(lanes);
        tasks = List.copyOf(tasks);
        bars = List.copyOf(bars);
        bands = List.copyOf(bands);
        misses = List.copyOf(misses);
    }

    /** One operation or job on {@code lane} from {@code start} to {@code end}. */
    public record Bar(int lane, int task, long start, long end) { }

    /** A frame of a scheduling table (PBS), drawn behind the bars. */
    public record Band(long start, long end) { }

    /** A deadline miss: the job finished at {@code time} on {@code lane}. */
    public record Mark(int lane, long time) { }
}
