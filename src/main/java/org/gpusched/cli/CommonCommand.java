package org.gpusched.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** A command with the options every reporting command shares (--format, --quiet, --verbose, ...). */
@Command
abstract class CommonCommand extends BaseCommand {
    @Mixin
    CommonOptions common;
}
