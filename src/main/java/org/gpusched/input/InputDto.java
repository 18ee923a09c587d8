package org.gpusched.input;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The v1 input format exactly as written, bound by Jackson. Every field is boxed so the
 * validator can tell "absent" from "zero" and name what is missing.
 */
final class InputDto {
    private InputDto() { }

    record File(@JsonProperty("formatVersion") Integer formatVersion,
                @JsonProperty("name") String name,
                @JsonProperty("timeUnit") String timeUnit,
                @JsonProperty("gpu") GpuDto gpu,
                @JsonProperty("tasks") List<TaskDto> tasks,
                @JsonProperty("interference") InterferenceDto interference,
                @JsonProperty("runtime") RuntimeDto runtime,
                @JsonProperty("x") JsonNode x) { }

    record GpuDto(@JsonProperty("preset") String preset,
                  @JsonProperty("sms") Long sms,
                  @JsonProperty("maxThreadsPerSm") Long maxThreadsPerSm,
                  @JsonProperty("maxWarpsPerSm") Long maxWarpsPerSm,
                  @JsonProperty("maxBlocksPerSm") Long maxBlocksPerSm,
                  @JsonProperty("registersPerSm") Long registersPerSm,
                  @JsonProperty("registerAllocationUnit") Long registerAllocationUnit,
                  @JsonProperty("sharedMemoryPerSm") Long sharedMemoryPerSm,
                  @JsonProperty("sharedMemoryAllocationUnit") Long sharedMemoryAllocationUnit,
                  @JsonProperty("sharedMemoryReservedPerBlock") Long sharedMemoryReservedPerBlock,
                  @JsonProperty("maxResidentKernels") Long maxResidentKernels,
                  @JsonProperty("smPolicy") String smPolicy,
                  @JsonProperty("x") JsonNode x) { }

    record TaskDto(@JsonProperty("name") String name,
                   @JsonProperty("period") Long period,
                   @JsonProperty("deadline") Long deadline,
                   @JsonProperty("wcet") Long wcet,
                   @JsonProperty("kernel") KernelDto kernel,
                   @JsonProperty("offset") Long offset,
                   @JsonProperty("jitter") Long jitter,
                   @JsonProperty("x") JsonNode x) { }

    record KernelDto(@JsonProperty("blocks") Integer blocks,
                     @JsonProperty("threadsPerBlock") Integer threadsPerBlock,
                     @JsonProperty("registersPerThread") Integer registersPerThread,
                     @JsonProperty("sharedMemoryPerBlock") Long sharedMemoryPerBlock,
                     @JsonProperty("symbol") String symbol,
                     @JsonProperty("module") String module,
                     @JsonProperty("kind") String kind,
                     @JsonProperty("x") JsonNode x) { }

    record InterferenceDto(@JsonProperty("model") String model,
                           @JsonProperty("factors") Map<String, BigDecimal> factors,
                           @JsonProperty("entries") List<EntryDto> entries,
                           @JsonProperty("missing") String missing,
                           @JsonProperty("x") JsonNode x) { }

    record RuntimeDto(@JsonProperty("launch") Long launch,
                      @JsonProperty("submit") Long submit,
                      @JsonProperty("sync") Long sync,
                      @JsonProperty("copy") Long copy,
                      @JsonProperty("x") JsonNode x) { }

    record EntryDto(@JsonProperty("tasks") List<String> tasks,
                    @JsonProperty("completion") Long completion,
                    @JsonProperty("x") JsonNode x) { }
}
