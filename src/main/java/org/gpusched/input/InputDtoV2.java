package org.gpusched.input;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.List;

/**
 * The v2 input format exactly as written (workload-v2.md). The v1 parts ({@code gpu}, {@code kernel},
 * {@code interference}) reuse {@link InputDto}; every field is boxed so that "absent" is visible.
 */
final class InputDtoV2 {
    private InputDtoV2() { }

    record File(Integer formatVersion, String name, String timeUnit, InputDto.GpuDto gpu, List<TaskDto> tasks,
                InputDto.InterferenceDto interference, InputDto.RuntimeDto runtime, PlatformDto platform,
                JsonNode x) { }

    record TaskDto(String name, Long period, Long deadline, Long wcet, InputDto.KernelDto kernel,
                   List<SegmentDto> segments, Long offset, Long jitter, CpuDto cpu, Integer gpuPriority,
                   Boolean bestEffort, String kind, ScalingDto scaling, String partition, JsonNode x) { }

    record SegmentDto(Long cpu, GpuSegmentDto gpu, CopyDto copy, JsonNode x) { }

    record GpuSegmentDto(String name, Long exec, Long misc, InputDto.KernelDto kernel, JsonNode x) { }

    record CopyDto(String to, Long time, JsonNode x) { }

    record CpuDto(Integer core, Integer priority, JsonNode x) { }

    record ScalingDto(String model, Long parallel, Long serial, Long measuredOnSms, List<PointDto> points,
                      JsonNode x) { }

    record PointDto(Long sms, Long time, JsonNode x) { }

    record PlatformDto(Integer cpus, DriverDto gpuDriver, Integer copyEngines, ConflictDto conflictFactors,
                       TimePartitionsDto timePartitions, String gpuAccess, JsonNode x) { }

    record DriverDto(Long timeslice, Long contextSwitch, Long runlistUpdate, JsonNode x) { }

    record ConflictDto(BigDecimal compute, BigDecimal memory, JsonNode x) { }

    record TimePartitionsDto(Long majorFrame, Long switchOverhead, List<PartitionDto> partitions, JsonNode x) { }

    record PartitionDto(String name, List<WindowDto> windows, JsonNode x) { }

    record WindowDto(Long start, Long length, Integer core, JsonNode x) { }
}
