package org.gpusched.cli;

import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.model.TaskSetReader;
import org.gpusched.player.Plan;
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

/** Reads what {@code play} and {@code verify} take: a table (file or stdin) bound to its task set. */
final class PlayerInputs {
    /** TableChecker is quadratic in the job count; above this the warning is skipped. */
    static final int CHECK_LIMIT = 5_000;

    private PlayerInputs() { }

    static Plan load(String table, Path taskset, int hyperperiods, InputStream stdin, PrintWriter err) {
        if (table.equals("-") && taskset.toString().equals("-")) {
            throw new InputException("-", "", "the table and the task set cannot both come from stdin");
        }
        TaskSet ts = new TaskSetReader().read(taskset);
        SchedulingTable t = Tables.read(table, readTable(table, stdin));
        Plan plan = Plan.of(ts, t, table, hyperperiods);
        if (ts.jobCount() <= CHECK_LIMIT) {
            List<String> problems = TableChecker.check(ts, t);
            if (!problems.isEmpty()) {
                err.println("warning: " + table + ": not a valid PBS schedule for " + ts.displayName() + " ("
                        + problems.size() + " problem" + (problems.size() == 1 ? "" : "s") + "; first: "
                        + problems.get(0) + "); playing it anyway");
            }
        }
        return plan;
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
