import ArgumentParser

/// The display a session's form is drawn on, shared by `replay`, `record` and `recover`.
struct DisplayOptions: ParsableArguments {
    @Option(
        name: .customLong("display-profile"),
        help: ArgumentHelp(
            "The display the form is drawn on: a display profile's name (e.g. wacom-cintiq-13hd) or file (.yaml).",
            discussion: "Default: a pen display's own screen, named by its tablet profile's 'display:'; the reference "
                + "264 ppi, 2x canvas (132 points per inch) for a tablet without a display."),
        completion: ShellCompletions.displayProfileNames)
    var displayProfile: String?
}
