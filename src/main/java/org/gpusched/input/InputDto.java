package org.gpusched.input;

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

    record File(Integer formatVersion, String name, String timeUnit, GpuDto gpu, List<TaskDto> tasks,
                InterferenceDto interference, RuntimeDto runtime, JsonNode x) { }

    record GpuDto(String preset, Long sms, Long maxThreadsPerSm, Long maxWarpsPerSm, Long maxBlocksPerSm,
                  Long registersPerSm, Long registerAllocationUnit, Long sharedMemoryPerSm,
                  Long sharedMemoryAllocationUnit, Long sharedMemoryReservedPerBlock, Long maxResidentKernels,
                  String smPolicy, JsonNode x) { }

    record TaskDto(String name, Long period, Long deadline, Long wcet, KernelDto kernel, Long offset, Long jitter,
                   JsonNode x) { }

    record KernelDto(Integer blocks, Integer threadsPerBlock, Integer registersPerThread, Long sharedMemoryPerBlock,
                     String symbol, String module, String kind, JsonNode x) { }

    record InterferenceDto(String model, Map<String, BigDecimal> factors, List<EntryDto> entries, String missing,
                           JsonNode x) { }

    record RuntimeDto(Long launch, Long submit, Long sync, Long copy, JsonNode x) { }

    record EntryDto(List<String> tasks, Long completion, String origin, JsonNode x) { }
}
