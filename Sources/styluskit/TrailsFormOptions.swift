import ArgumentParser

/// The trail making form and the layout files that replace its parts, declared once for the
/// commands that replay a test (`replay`, `render`, `features`) and those that administer one
/// (`record`, `administer`); each checks them against its `--test`.
struct TrailsFormOptions: ParsableArguments {
    @Option(help: "The trail making form (--test trails): standard (the default) or alternate-N.")
    var form: String?

    @Option(
        help: "A trail making layout file that replaces its part of the form (--test trails; once per part replaced).")
    var layout: [String] = []
}
