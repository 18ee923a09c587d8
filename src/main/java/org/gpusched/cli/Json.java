package org.gpusched.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The one mapper the CLI writes JSON with (compact: one object per line). */
final class Json {
    static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private Json() { }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static String line(Object node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
