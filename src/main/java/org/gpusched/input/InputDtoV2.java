package org.gpusched.input;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.List;

/**
 * The v2 input format exactly as written (workload-v2.md). The v1 parts ({@code gpu}, {@code kernel},
 * {@code interference}) reuse {@link InputDto}; every field is boxed so that "absent" is visible.
 */
final class InputDtoV2 {
    private InputDtoV2() { }

    record File(@JsonProperty("formatVersion") Integer formatVersion,
                @JsonProperty("name") String name,
                @JsonProperty("timeUnit") String timeUnit,
                @JsonProperty("gpu") InputDto.GpuDto gpu,
                @JsonProperty("tasks") List<TaskDto> tasks,
                @JsonProperty("interference") InputDto.InterferenceDto interference,
                @JsonProperty("runtime") InputDto.RuntimeDto runtime,
                @JsonProperty("platform") PlatformDto platform,
                @JsonProperty("x") JsonNode x) { }

    record TaskDto(@JsonProperty("name") String name,
                   @JsonProperty("period") Long period,
                   @JsonProperty("deadline") Long deadline,
                   @JsonProperty("wcet") Long wcet,
                   @JsonProperty("kernel") InputDto.KernelDto kernel,
                   @JsonProperty("segments") List<SegmentDto> segments,
                   @JsonProperty("offset") Long offset,
                   @JsonProperty("jitter") Long jitter,
                   @JsonProperty("cpu") CpuDto cpu,
                   @JsonProperty("gpuPriority") Integer gpuPriority,
                   @JsonProperty("bestEffort") Boolean bestEffort,
                   @JsonProperty("kind") String kind,
                   @JsonProperty("scaling") ScalingDto scaling,
                   @JsonProperty("partition") String partition,
                   @JsonProperty("x") JsonNode x) { }

    record SegmentDto(@JsonProperty("cpu") Long cpu,
                      @JsonProperty("gpu") GpuSegmentDto gpu,
                      @JsonProperty("copy") CopyDto copy,
                      @JsonProperty("x") JsonNode x) { }

    record GpuSegmentDto(@JsonProperty("name") String name,
                         @JsonProperty("exec") Long exec,
                         @JsonProperty("misc") Long misc,
                         @JsonProperty("kernel") InputDto.KernelDto kernel,
                         @JsonProperty("x") JsonNode x) { }

    record CopyDto(@JsonProperty("to") String to,
                   @JsonProperty("time") Long time,
                   @JsonProperty("x") JsonNode x) { }

    record CpuDto(@JsonProperty("core") Integer core,
                  @JsonProperty("priority") Integer priority,
                  @JsonProperty("x") JsonNode x) { }

    record ScalingDto(@JsonProperty("model") String model,
                      @JsonProperty("parallel") Long parallel,
                      @JsonProperty("serial") Long serial,
                      @JsonProperty("measuredOnSms") Long measuredOnSms,
                      @JsonProperty("points") List<PointDto> points,
                      @JsonProperty("x") JsonNode x) { }

    record PointDto(@JsonProperty("sms") Long sms,
                    @JsonProperty("time") Long time,
                    @JsonProperty("x") JsonNode x) { }

    record PlatformDto(@JsonProperty("cpus") Integer cpus,
                       @JsonProperty("gpuDriver") DriverDto gpuDriver,
                       @JsonProperty("copyEngines") Integer copyEngines,
                       @JsonProperty("conflictFactors") ConflictDto conflictFactors,
                       @JsonProperty("timePartitions") TimePartitionsDto timePartitions,
                       @JsonProperty("gpuAccess") String gpuAccess,
                       @JsonProperty("x") JsonNode x) { }

    record DriverDto(@JsonProperty("timeslice") Long timeslice,
                     @JsonProperty("contextSwitch") Long contextSwitch,
                     @JsonProperty("runlistUpdate") Long runlistUpdate,
                     @JsonProperty("x") JsonNode x) { }

    record ConflictDto(@JsonProperty("compute") BigDecimal compute,
                       @JsonProperty("memory") BigDecimal memory,
                       @JsonProperty("x") JsonNode x) { }

    record TimePartitionsDto(@JsonProperty("majorFrame") Long majorFrame,
                             @JsonProperty("switchOverhead") Long switchOverhead,
                             @JsonProperty("partitions") List<PartitionDto> partitions,
                             @JsonProperty("x") JsonNode x) { }

    record PartitionDto(@JsonProperty("name") String name,
                        @JsonProperty("windows") List<WindowDto> windows,
                        @JsonProperty("x") JsonNode x) { }

    record WindowDto(@JsonProperty("start") Long start,
                     @JsonProperty("length") Long length,
                     @JsonProperty("core") Integer core,
                     @JsonProperty("x") JsonNode x) { }
}
