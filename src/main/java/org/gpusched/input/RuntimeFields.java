package org.gpusched.input;

import org.gpusched.model.InputException;
import org.gpusched.model.RuntimeOverhead;

/**
 * The {@code runtime} object of either format version: the runtime's per-frame cost (launch per
 * kernel, submission and synchronise per frame, a call per copy), each an integer time in the
 * file's unit, 0 when left out (docs/format.md, "runtime").
 */
final class RuntimeFields {
    private RuntimeFields() { }

    /** The stated overhead, or {@link RuntimeOverhead#NONE} for a file without {@code runtime}. */
    static RuntimeOverhead read(String file, InputDto.RuntimeDto in) {
        if (in == null) {
            return RuntimeOverhead.NONE;
        }
        return new RuntimeOverhead(time(file, "launch", in.launch()), time(file, "submit", in.submit()),
                time(file, "sync", in.sync()), time(file, "copy", in.copy()));
    }

    private static long time(String file, String field, Long v) {
        if (v == null) {
            return 0;
        }
        if (v < 0) {
            throw new InputException(file, "runtime." + field, "must be >= 0 (got " + v + ")");
        }
        return ReadLimits.atMost(file, "runtime." + field, v, ReadLimits.MAX_TIME);
    }
}
