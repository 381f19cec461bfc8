public import StylusGeometry

extension CalibrationSheet {
    /// The landscape page of the paper `name` (`a4` or `letter`, in any case) that the calibration
    /// sheet, the mazes and the forms are printed on.
    public static func page(paper name: String) throws(CalibrationError) -> FormSize {
        switch name.lowercased() {
        case "a4": a4Landscape
        case "letter": letterLandscape
        default: throw .unknownPaper(name)
        }
    }

    /// Checks a grid's numbers before anything is read: enough targets for an affine fit, a spacing that is a distance.
    public static func checkGrid(columns: Int, rows: Int, spacingCentimetres spacing: Double) throws(CalibrationError) {
        let minimum = TransformModel.affine.minimumTargets
        guard columns >= 1, rows >= 1, columns * rows >= minimum else {
            throw .tooFewTargets(columns: columns, rows: rows, minimum: minimum)
        }
        guard spacing > 0, spacing.isFinite else { throw .notASpacing(spacing) }
    }

    /// The sheet of `columns` x `rows` targets `spacing` cm apart on the paper `name`, refused
    /// when it does not fit on the page.
    public static func grid(paper name: String, columns: Int, rows: Int, spacingCentimetres spacing: Double)
        throws(CalibrationError)
        -> CalibrationSheet
    {
        let sheet = grid(page: try page(paper: name), columns: columns, rows: rows, spacingCentimetres: spacing)
        guard sheet.fitsOnPage else {
            throw .sheetDoesNotFit(columns: columns, rows: rows, spacing: spacing, paper: name)
        }
        return sheet
    }
}
