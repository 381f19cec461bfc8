/// Which kind of map a tablet calibration fits.
public enum TransformModel: String, Hashable, Sendable, CaseIterable {
    /// Scale, rotation, shear and offset: six numbers. Right for paper laid flat on a tablet.
    case affine
    /// A projective map: eight numbers. For a sheet seen through a camera-like distortion, or a
    /// pen display whose digitiser and panel are not parallel.
    case homography

    /// The fewest targets a fit accepts: four for the affine map (as issue 6 asks: two more
    /// equations than unknowns, so a bad tap shows), five for a homography (four would fit
    /// any taps exactly and prove nothing).
    public var minimumTargets: Int {
        switch self {
        case .affine: 4
        case .homography: 5
        }
    }

    /// The fewest points that determine the map: one fewer cannot be solved.
    var unknownPoints: Int {
        switch self {
        case .affine: 3
        case .homography: 4
        }
    }
}

/// How good a tablet calibration must be to be accepted, in millimetres on the form.
public struct FitLimits: Hashable, Sendable {
    /// The largest root-mean-square residual accepted.
    public var maximumRMSMillimetres: Double
    /// The largest residual of any one target accepted, and the furthest any tap may lie from
    /// where a fit of the other taps puts its target. The second catches a slipped tap on a
    /// corner target, which pulls the fit towards itself and so leaves a smaller residual
    /// (on a 3 x 3 grid, 0.56 of its slip).
    public var maximumResidualMillimetres: Double

    /// 0.5 mm RMS and 1 mm at worst: a careful tap on a printed crosshair lands within about
    /// 0.3 mm, and Wacom states its tablets' accuracy as ±0.25 mm, so a larger error is a
    /// slipped tap or a moved sheet.
    /// The largest relative difference accepted between the taps' scale and the sheet's (see
    /// `TransformFit.scale`). An affine fit absorbs a uniform scale with no residual at all, so
    /// a sheet printed "fit to page" (80 %) would otherwise pass with a tiny RMS and every later
    /// form would be drawn 25 % too large. 3 %: printers at "actual size" keep well within 1 %,
    /// and a sheet scaled to another paper size is off by 3 % (A4 to letter) or more.
    public var maximumScaleDeviation: Double

    public static let standard = FitLimits(maximumRMSMillimetres: 0.5, maximumResidualMillimetres: 1.0)

    public init(maximumRMSMillimetres: Double, maximumResidualMillimetres: Double, maximumScaleDeviation: Double = 0.03)
    {
        self.maximumRMSMillimetres = maximumRMSMillimetres
        self.maximumResidualMillimetres = maximumResidualMillimetres
        self.maximumScaleDeviation = maximumScaleDeviation
    }
}

/// How far one tap lies from its target after the fit.
public struct TargetResidual: Hashable, Sendable {
    /// The target's number, from 1, as printed on the sheet.
    public var number: Int
    public var target: FormPosition
    public var tap: TabletPosition
    /// Where the fitted transform puts the tap on the form.
    public var fitted: FormPosition
    /// The distance from `fitted` to `target`, in millimetres on the form.
    public var millimetres: Double
    /// How far the tap lies from where a fit of the other taps alone puts it, in millimetres:
    /// larger than `millimetres` because the tap cannot pull that fit towards itself, so it
    /// singles out a bad tap. Nil when the other taps are too few to fit.
    public var leaveOneOutMillimetres: Double?
}

/// Why a tablet calibration could not be fitted or was refused.
public enum TransformFitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer targets than the model needs.
    case tooFewTargets(model: TransformModel, found: Int)
    /// The taps and targets do not pair up.
    case countMismatch(taps: Int, targets: Int)
    /// The taps (or targets) lie on a line, or the map folds the sheet: there is no unique fit.
    case degenerate(model: TransformModel)
    /// The fit's error exceeds the limits; `suspect` is the target whose tap most likely slipped.
    case fitTooPoor(rmsMillimetres: Double, worst: TargetResidual, limits: FitLimits, suspect: TargetResidual?)
    /// The taps are spread wider or narrower than the sheet's targets: `scale` form mm per tablet mm.
    case wrongScale(scale: Double, limits: FitLimits)

    public var description: String {
        switch self {
        case .tooFewTargets(let model, let found):
            return
                "An \(model == .affine ? "affine" : "homography") fit needs at least \(model.minimumTargets) taps on "
                + "\(model.minimumTargets) targets, found \(found). Tap every target of the calibration sheet once, in its numbered order."
        case .countMismatch(let taps, let targets):
            return
                "Found \(taps) taps for \(targets) targets. Tap every target of the calibration sheet exactly once, in its "
                + "numbered order, lifting the pen between taps; record the taps again."
        case .degenerate(let model):
            return
                "The taps do not determine \(model == .affine ? "an affine" : "a homography") transform: they lie (nearly) on "
                + "a line or fold the sheet over. Check that the sheet lies flat and the targets were tapped in their numbered order."
        case .fitTooPoor(let rms, let worst, let limits, let suspect):
            var text =
                "The calibration is refused: its error is \(mm(rms)) mm RMS (at most \(mm(limits.maximumRMSMillimetres)) allowed) "
                + "and \(mm(worst.millimetres)) mm at target \(worst.number) (at most \(mm(limits.maximumResidualMillimetres)) allowed)."
            if let suspect, let alone = suspect.leaveOneOutMillimetres {
                text +=
                    " Tap \(suspect.number) is probably bad: it lies \(mm(alone)) mm from where the other taps put target "
                    + "\(suspect.number) (at most \(mm(limits.maximumResidualMillimetres)) allowed)."
            }
            return text + " Check the sheet has not moved, then record the taps again."
        case .wrongScale(let scale, let limits):
            let off = (scale - 1) * 100
            return
                "The calibration is refused: the fitted scale is \(fixed3(scale / 10)) cm on the form per mm on the tablet,"
                + " where a sheet at its true size gives 0.100 (\(off > 0 ? "+" : "")\(fixed1(off)) %; at most"
                + " \(fixed1(limits.maximumScaleDeviation * 100)) % allowed). The sheet was probably printed at"
                + " \(fixed1(100 / scale)) % of its size (\"fit to page\" or another paper size): print it again at actual"
                + " size (100 %, no scaling) and record the taps again. If it was printed at actual size, the tablet's"
                + " resolution (from the device or its profile) is wrong by that much."
        }
    }

    private func fixed1(_ value: Double) -> String { fixedPoint(value, digits: 1) }
    private func fixed3(_ value: Double) -> String { fixedPoint(value, digits: 3) }

    private func fixedPoint(_ value: Double, digits: Int) -> String {
        let factor = [1.0, 10, 100, 1000][digits]
        let scaled = Int((abs(value) * factor).rounded())
        let whole = scaled / Int(factor)
        let fraction = String(scaled % Int(factor))
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return (value < 0 && scaled != 0 ? "-" : "") + "\(whole).\(padded)"
    }

    private func mm(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        let whole = Int(hundredths) / 100
        let fraction = Int(hundredths) % 100
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// A tablet-to-form transform fitted by least squares to taps on known targets.
///
/// The affine fit minimises the squared distances on the form exactly. The homography is the
/// linear (direct linear transform) least-squares solution on normalised coordinates, which for
/// taps a fraction of a millimetre off is within micrometres of the geometric optimum.
public struct TransformFit: Hashable, Sendable {
    public let model: TransformModel
    public let transform: TabletToFormTransform
    /// One per target, in the targets' order.
    public let residuals: [TargetResidual]
    /// The root-mean-square residual, in millimetres on the form.
    public let rmsMillimetres: Double
    /// Form millimetres per tablet millimetre over the whole sheet: how far apart the targets are
    /// on the form against how far apart the taps are on the tablet (the ratio of the two point
    /// sets' RMS distances from their centroids). 1 for a sheet at its true size on a tablet whose
    /// resolution is right, whatever the rotation and shift; 1.25 for a sheet printed at 80 %.
    public let scale: Double

    /// The target with the largest residual.
    public var worst: TargetResidual { residuals.max { $0.millimetres < $1.millimetres }! }

    /// The target whose tap most likely slipped: the largest leave-one-out error.
    public var suspect: TargetResidual? {
        residuals.filter { $0.leaveOneOutMillimetres != nil }
            .max { $0.leaveOneOutMillimetres! < $1.leaveOneOutMillimetres! }
    }

    /// Fits `model` to `taps[i]` landing on `targets[i]`.
    ///
    /// - Throws: `TransformFitError` for too few or mismatched taps, or taps that determine no map.
    public init(taps: [TabletPosition], targets: [FormPosition], model: TransformModel) throws(TransformFitError) {
        guard taps.count == targets.count else { throw .countMismatch(taps: taps.count, targets: targets.count) }
        guard taps.count >= model.minimumTargets else { throw .tooFewTargets(model: model, found: taps.count) }
        guard let transform = Self.solve(taps: taps, targets: targets, model: model) else {
            throw .degenerate(model: model)
        }
        self.model = model
        self.transform = transform
        var residuals: [TargetResidual] = []
        for index in taps.indices {
            let fitted = transform.formPosition(of: taps[index])
            var leaveOneOut: Double?
            if taps.count - 1 >= model.unknownPoints + 1 {
                var otherTaps = taps
                var otherTargets = targets
                otherTaps.remove(at: index)
                otherTargets.remove(at: index)
                if let others = Self.solve(taps: otherTaps, targets: otherTargets, model: model) {
                    leaveOneOut = Self.millimetres(others.formPosition(of: taps[index]), targets[index])
                }
            }
            residuals.append(
                TargetResidual(
                    number: index + 1, target: targets[index], tap: taps[index], fitted: fitted,
                    millimetres: Self.millimetres(fitted, targets[index]), leaveOneOutMillimetres: leaveOneOut))
        }
        self.residuals = residuals
        rmsMillimetres = (residuals.reduce(0) { $0 + $1.millimetres * $1.millimetres } / Double(residuals.count))
            .squareRoot()
        scale =
            Self.spread(targets.map { ($0.xCentimetres * 10, $0.yCentimetres * 10) })
            / Self.spread(taps.map { ($0.xMillimetres, $0.yMillimetres) })
    }

    /// The RMS distance of `points` from their centroid.
    static func spread(_ points: [(Double, Double)]) -> Double {
        let n = Double(points.count)
        let cx = points.reduce(0) { $0 + $1.0 } / n
        let cy = points.reduce(0) { $0 + $1.1 } / n
        return (points.reduce(0) { $0 + ($1.0 - cx) * ($1.0 - cx) + ($1.1 - cy) * ($1.1 - cy) } / n).squareRoot()
    }

    /// Refuses the fit when its scale is further from 1 than `limits` allow (the sheet was printed
    /// scaled), when its RMS or worst residual exceeds `limits`, or when a tap lies further than
    /// the residual limit from where the other taps put its target.
    ///
    /// - Throws: `TransformFitError.wrongScale` naming the scale found, or `.fitTooPoor`, naming the
    ///   tap that most likely slipped.
    public func check(_ limits: FitLimits = .standard) throws(TransformFitError) {
        // First: a wrongly scaled sheet fits with no error at all, so its residuals say nothing.
        if abs(scale - 1) > limits.maximumScaleDeviation { throw .wrongScale(scale: scale, limits: limits) }
        let worst = worst
        let suspect = suspect
        let slipped = (suspect?.leaveOneOutMillimetres ?? 0) > limits.maximumResidualMillimetres
        if rmsMillimetres > limits.maximumRMSMillimetres || worst.millimetres > limits.maximumResidualMillimetres
            || slipped
        {
            throw .fitTooPoor(rmsMillimetres: rmsMillimetres, worst: worst, limits: limits, suspect: suspect)
        }
    }

    /// The distance between two form positions in millimetres.
    static func millimetres(_ a: FormPosition, _ b: FormPosition) -> Double {
        let dx = a.xCentimetres - b.xCentimetres
        let dy = a.yCentimetres - b.yCentimetres
        return (dx * dx + dy * dy).squareRoot() * 10
    }

    // MARK: Solving

    /// The least-squares map, or nil when the points determine none.
    static func solve(taps: [TabletPosition], targets: [FormPosition], model: TransformModel) -> TabletToFormTransform?
    {
        // Centring and scaling both point sets keeps the normal equations well conditioned
        // (tablet mm run to 600, form cm to 30).
        let from = Normalisation(taps.map { ($0.xMillimetres, $0.yMillimetres) })
        let to = Normalisation(targets.map { ($0.xCentimetres, $0.yCentimetres) })
        guard let from, let to else { return nil }
        let p = taps.map { from.apply($0.xMillimetres, $0.yMillimetres) }
        let q = targets.map { to.apply($0.xCentimetres, $0.yCentimetres) }

        // h = [a, b, c, d, e, f, g, h]: x' = (a x + b y + c) / (g x + h y + 1), y' likewise with d, e, f.
        var h: [Double]
        switch model {
        case .affine:
            var normal = LinearSystem(size: 3)
            var rightX = [Double](repeating: 0, count: 3)
            var rightY = [Double](repeating: 0, count: 3)
            for (point, target) in zip(p, q) {
                let row = [point.0, point.1, 1]
                normal.add(row: row)
                for i in 0..<3 {
                    rightX[i] += row[i] * target.0
                    rightY[i] += row[i] * target.1
                }
            }
            guard let solutionX = normal.solve(rightX), let solutionY = normal.solve(rightY) else { return nil }
            h = solutionX + solutionY + [0, 0]
        case .homography:
            var normal = LinearSystem(size: 8)
            var right = [Double](repeating: 0, count: 8)
            for (point, target) in zip(p, q) {
                let (x, y) = point
                let (u, v) = target
                let rows: [([Double], Double)] = [
                    ([x, y, 1, 0, 0, 0, -u * x, -u * y], u),
                    ([0, 0, 0, x, y, 1, -v * x, -v * y], v),
                ]
                for (row, value) in rows {
                    normal.add(row: row)
                    for i in 0..<8 { right[i] += row[i] * value }
                }
            }
            guard let solution = normal.solve(right) else { return nil }
            h = solution
        }

        // Undo the normalisations: H = T_to^-1 * H_n * T_from.
        let normalised = [[h[0], h[1], h[2]], [h[3], h[4], h[5]], [h[6], h[7], 1]]
        let full = multiply(multiply(to.inverseMatrix, normalised), from.matrix)
        guard full[2][2] != 0, full.joined().allSatisfy(\.isFinite) else { return nil }
        // The affine map's third row is exactly [0, 0, 1]: leave it out so the map stays affine.
        let transform = TabletToFormTransform(rows: model == .affine ? Array(full.prefix(2)) : full)
        let determinant = transform.xx * transform.yy - transform.xy * transform.yx
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        return transform
    }

    static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }
}

/// Moves points so their centroid is the origin and their mean distance from it is √2.
struct Normalisation {
    let centreX: Double
    let centreY: Double
    let scale: Double

    /// Nil when all points coincide.
    init?(_ points: [(Double, Double)]) {
        let count = Double(points.count)
        centreX = points.reduce(0) { $0 + $1.0 } / count
        centreY = points.reduce(0) { $0 + $1.1 } / count
        let cx = centreX
        let cy = centreY
        let meanDistance =
            points.reduce(0) { total, point in
                let dx = point.0 - cx
                let dy = point.1 - cy
                return total + (dx * dx + dy * dy).squareRoot()
            } / count
        guard meanDistance > 0, meanDistance.isFinite else { return nil }
        scale = 2.0.squareRoot() / meanDistance
    }

    func apply(_ x: Double, _ y: Double) -> (Double, Double) {
        ((x - centreX) * scale, (y - centreY) * scale)
    }

    var matrix: [[Double]] {
        [[scale, 0, -centreX * scale], [0, scale, -centreY * scale], [0, 0, 1]]
    }

    var inverseMatrix: [[Double]] {
        [[1 / scale, 0, centreX], [0, 1 / scale, centreY], [0, 0, 1]]
    }
}

/// The normal equations `AᵀA x = Aᵀb` of a small least-squares problem, solved by Gaussian
/// elimination with partial pivoting.
struct LinearSystem {
    let size: Int
    private(set) var matrix: [Double]

    init(size: Int) {
        self.size = size
        matrix = [Double](repeating: 0, count: size * size)
    }

    /// Adds the outer product of one row of A.
    mutating func add(row: [Double]) {
        for i in 0..<size {
            for j in 0..<size {
                matrix[i * size + j] += row[i] * row[j]
            }
        }
    }

    /// The solution for `right`, or nil when the matrix is singular.
    func solve(_ right: [Double]) -> [Double]? {
        var a = matrix
        var b = right
        let n = size
        let largest = a.map(abs).max() ?? 0
        for column in 0..<n {
            var pivot = column
            for row in (column + 1)..<max(n, column + 1) where abs(a[row * n + column]) > abs(a[pivot * n + column]) {
                pivot = row
            }
            // Relative to the matrix's scale, so that (nearly) collinear points count as singular.
            guard abs(a[pivot * n + column]) > largest * 1e-10 else { return nil }
            if pivot != column {
                for j in 0..<n { a.swapAt(pivot * n + j, column * n + j) }
                b.swapAt(pivot, column)
            }
            for row in (column + 1)..<max(n, column + 1) {
                let factor = a[row * n + column] / a[column * n + column]
                if factor == 0 { continue }
                for j in column..<n { a[row * n + j] -= factor * a[column * n + j] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for j in (row + 1)..<max(n, row + 1) { sum -= a[row * n + j] * x[j] }
            x[row] = sum / a[row * n + row]
        }
        return x
    }
}

/// A calibration sheet: crosshair targets at known positions on a page laid on the tablet.
///
/// The page is the form: form centimetres are measured from the page's top-left corner, so a
/// transform fitted to the sheet places every page printed at the same size and laid at the same
/// place (a maze, the symbol-digit form) where the proctor expects it.
public struct CalibrationSheet: Hashable, Sendable {
    /// The page size, which is the form size.
    public var page: FormSize
    /// The targets, numbered from 1 in this order (row by row, left to right, from the top).
    public var targets: [FormPosition]

    /// Half the length of a crosshair's arms, in centimetres.
    public static let crosshairArmCentimetres = 0.6
    /// The width of a crosshair's lines: thin enough to aim at, thick enough to print.
    public static let crosshairLineCentimetres = 0.02
    /// The radius of the circle round each crosshair, which shows where to aim from afar.
    public static let targetCircleCentimetres = 0.3

    /// A4 in landscape: 29.7 x 21 cm (ISO 216).
    public static let a4Landscape = FormSize(widthCentimetres: 29.7, heightCentimetres: 21.0)
    /// US Letter in landscape: 11 x 8.5 in.
    public static let letterLandscape = FormSize(widthCentimetres: 27.94, heightCentimetres: 21.59)

    /// A grid of `columns` x `rows` targets `spacing` cm apart, centred on the page.
    public static func grid(page: FormSize, columns: Int, rows: Int, spacingCentimetres spacing: Double)
        -> CalibrationSheet
    {
        let left = page.widthCentimetres / 2 - Double(columns - 1) * spacing / 2
        let top = page.heightCentimetres / 2 - Double(rows - 1) * spacing / 2
        var targets: [FormPosition] = []
        for row in 0..<rows {
            for column in 0..<columns {
                targets.append(
                    FormPosition(
                        xCentimetres: left + Double(column) * spacing, yCentimetres: top + Double(row) * spacing))
            }
        }
        return CalibrationSheet(page: page, targets: targets)
    }

    /// The distance between the nearest two targets, centre to centre (a grid's spacing); nil for fewer than two.
    public var neighbourSpacingCentimetres: Double? {
        var nearest: Double?
        for (index, target) in targets.enumerated() {
            for other in targets[(index + 1)...] {
                let (dx, dy) = (other.xCentimetres - target.xCentimetres, other.yCentimetres - target.yCentimetres)
                let distance = (dx * dx + dy * dy).squareRoot()
                if distance > 0, distance < nearest ?? .infinity { nearest = distance }
            }
        }
        return nearest
    }

    /// True when every crosshair, arms included, lies on the page.
    public var fitsOnPage: Bool {
        let arm = Self.crosshairArmCentimetres
        return targets.allSatisfy {
            $0.xCentimetres - arm >= 0 && $0.xCentimetres + arm <= page.widthCentimetres
                && $0.yCentimetres - arm >= 0 && $0.yCentimetres + arm <= page.heightCentimetres
        }
    }
}
