package org.gpusched.input;

import org.gpusched.model.InputException;
import org.gpusched.model.RuntimeOverhead;

/**
 * The {@code runtime} object of either format version: the runtime's per-frame cost (launch per
 * kernel, submission and synchronise per frame, a call per copy), each an integer time in the
 * file's unit, 0 when left out (docs/format.md, "runtime").
 */
final class RuntimeFields {
    private final String file;

    RuntimeFields(String file) {
        this.file = file;
    }

    /** The stated overhead, or {@link RuntimeOverhead#NONE} for a file without {@code runtime}. */
    RuntimeOverhead read(InputDto.RuntimeDto in) {
        if (in == null) {
            return RuntimeOverhead.NONE;
        }
        return new RuntimeOverhead(time("launch", in.launch()), time("submit", in.submit()),
                time("sync", in.sync()), time("copy", in.copy()));
    }

    private long time(String field, Long v) {
        if (v == null) {
            return 0;
        }
        String path = "runtime." + field;
        if (v < 0) {
            throw new InputException(file, path, "must be >= 0 (got " + v + ")");
        }
        if (v > ReadLimits.MAX_TIME) {
            throw new InputException(file, path, "must be <= " + ReadLimits.MAX_TIME + " (got " + v
                    + "; a reader limit, see the format's Limits)");
        }
        return v;
    }
}
