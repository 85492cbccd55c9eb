/* The tuned numbers of the candidate stage (grid_*.c), the lattice stages (refine.c, phase.c,
 * lattice.c), the classify stage (classify.c, stray.c), the post-checks (vision.c) and the learned
 * check (points.c), each with what it guards against and on what kind of photo. The passes that
 * use them explain how, beside their code. Private to vision/. Units: lightness in % of the local
 * board's (the board's own lightness is 100); a and b in CIE Lab units relative to the board's; a
 * line's dip in grey levels (how much darker the printed line is than the wood beside it; a stone
 * hides it, so a stone's dip is about 0 or below); "the typical dip" is the median dip of the
 * points read empty on that photo; distances in cells of the lattice unless said otherwise. The
 * patch geometry of the learned classifier (VZ_PATCH_*) lives in vision_int.h, since the trainer
 * and the benchmark share it. */
#ifndef GOREF_VISION_PARAMS_H
#define GOREF_VISION_PARAMS_H

/* ---- the candidates: lines, families, spacing, window (grid_lines.c, grid_families.c,
 * grid_axis.c) ---- */

/* The black-hat kernel (pixels) matches the width of a printed line at the work resolution (1-3
 * px), not the board: wider dark gaps (the wood between white stones) must not respond. */
#define LINE_KERNEL 7
/* vz_gray_lines cuts the tones above this quantile of the photo's middle to it: on a board the
 * middle holds, half its area or more is wood or black stone, so the quantile is the wood's tone or
 * below it, and the white stones' tops lie above it. */
#define LINE_GRAY_CEILING 0.5
/* ... and its looks are tried only under a saturated lamp: the photo's weakest channel's mean under
 * this share of its strongest's (saturated blue, violet, cyan and pink lamps: 0.01 to 0.05 on the
 * photos and rendered lamps here; white, warm or dim light: 0.6 or more). Under ordinary light the
 * other grays show the lines as well, and a look more only takes the budget of later attempts. */
#define LINE_GRAY_SATURATED 0.25
/* A straight line is as long as a tenth of the photo's longer side (LINE_VOTES: that side over
 * twice this, in pixels of line on it). A board small in the photo, crowded, shows its lines in
 * short pieces between the stones, fewer than LINES_FEW lines so long: they are taken from a
 * sixteenth of that side (LINE_VOTES_SMALL) then. Shorter still, the wood's grain and the
 * clutter around a board come in as lines and outvote a small board's. */
#define LINE_VOTES 5
#define LINE_VOTES_SMALL 8
#define LINES_FEW 20

/* A line belongs to a vanishing point when its direction lies within this many degrees of the
 * direction toward it: the Hough transform reads directions in steps of half a degree. */
#define VP_TOL_DEG 0.6
/* A vanishing point within this distance of the photo's centre (in half its longer side) would
 * make the lines a fan, not a grid, and is not taken. */
#define VP_OUTSIDE 1.3
/* A family's lines lie within FAMILY_BAND degrees of its direction (perspective fans them out);
 * the other family is sought NEAR_PERPENDICULAR degrees or more off the first, then anywhere
 * OTHER_FAMILY_MIN or more off it. */
#define FAMILY_BAND 30
#define NEAR_PERPENDICULAR 50
#define OTHER_FAMILY_MIN 20
/* VZ_LOOK_OTHER_DIRECTION looks this many degrees off the dominant direction: a crowded board's
 * diagonal rows of stones lie about 45 degrees off its lines. */
#define OTHER_DIRECTION_FROM 25
#define OTHER_DIRECTION_TO 65
/* A vanishing line closer than this to the photo's centre (in half its longer side) is no board
 * seen from above (1 / VIEW_MAX half sides away at least). Seen from height a over the board, the
 * horizon lies f tan a from the centre, f the lens's focal length: a phone's main lens spans
 * about 69 degrees across the longer side (f = 1.45 half sides), so from 35 degrees, the lowest
 * view goref reads, the horizon is 1.0 half side off the centre, at the frame's edge or past it; a
 * photo cut to the board lies farther off it. */
#define VIEW_MAX 1.0
/* VZ_LOOK_STEEP, tried once every other look refused the photo: a phone held close to the board
 * sees it through a wider angle than its main lens spans across the whole frame (an ultra-wide
 * lens, or a photo taken close and cut to the board is not: it is farther), and from 35 degrees
 * its horizon can then lie 0.8 half side from the centre, the far family's vanishing point as
 * near. Such a look takes vanishing points down to VP_OUTSIDE_STEEP from the centre and
 * vanishing lines down to 1 / VIEW_MAX_STEEP. */
#define VP_OUTSIDE_STEEP 0.6
#define VIEW_MAX_STEEP 1.6
/* The span where the board can be, each family's lines across the other's, is widened by this
 * share of it each way. */
#define SPAN_MARGIN 0.03
/* The near-perpendicular family is taken when it has at least this share of the votes of the
 * strongest family anywhere off the first: on a crowded board the diagonal rows of stones make
 * long straight edges whose consensus can outvote the lattice's other family. */
#define NEAR_SHARE 0.25
/* VZ_LOOK_OTHER_DIRECTION: the other direction (25 to 65 degrees off the dominant one) must have
 * at least this share of the dominant one's votes to be a family of lines at all. */
#define OTHER_DIRECTION_SHARE 0.2
/* VZ_LOOK_SECOND_GRID: a line through a grid's vanishing point within this many times the
 * vanishing point's tolerance (0.6 degree) belongs to that first grid and is taken out. */
#define FIRST_GRID_TOL 4.0

/* A cell's longer side over its shorter after the affine rectification. The view foreshortens the
 * cells' depth by the sine of its height over the board, and a real board's cells are 1.07 times
 * as deep as wide (2.35 over 2.2 cm, 《中国围棋竞赛规则》第三十三条): from a view 35 degrees above
 * the board, the lowest goref reads, up to 1.07 / sin 35 = 1.86. A first reading within
 * ASPECT_USUAL (a view from 42 degrees or higher) stands unless a clear one of its size beats it.
 * Past it, each axis is read again near the other's spacing too (ASPECT_LO to ASPECT_HI times it:
 * rows of stones make a multiple of the period win): up to ASPECT_MAX the first reading is one of
 * the pairs, judged as they are (as likely a low view as a 13x13 read as a 9x9 at twice the
 * spacing across, 1.86); past ASPECT_MAX it is dropped, and no other pair past it is taken. With
 * 1.6 for both, boards seen from low were read at half the spacing across the view and refused as
 * too faint to check. */
#ifndef ASPECT_MAX
#define ASPECT_MAX 1.9
#endif
#ifndef ASPECT_USUAL
#define ASPECT_USUAL 1.6
#endif
#ifndef ASPECT_LO
#define ASPECT_LO 0.7
#endif
/* The spacing across the rows of a low view (the family whose vanishing point lies farther) is
 * also read from ASPECT_DEEP to ASPECT_LO times the other's where its first reading was the
 * longer: a cell's depth is down to 1 / ASPECT_MAX of its width there, and on a board small in
 * the photo under CELL_MIN, out of the first reading's reach. */
#ifndef ASPECT_DEEP
#define ASPECT_DEEP 0.5
#endif
#ifndef ASPECT_HI
#define ASPECT_HI 1.4
#endif
/* A board's cell spans CELL_MIN to CELL_MAX of the photo's longer side (2 units in the
 * rectified frame): a 19x19 board a quarter of the photo across has cells of 1/72 of it, a 9x9
 * that fills the photo 1/8. */
#define CELL_MIN (2.0 / 80)
#define CELL_MAX (2.0 / 6)
/* A line of a window is clearly present above STRONG_LINE of the fifth strongest line's peak; a
 * window is clear with SIZE_SLACK of its lines or fewer not clearly present (stones hide whole
 * lines on a crowded board). */
#define STRONG_LINE 0.15
#define SIZE_SLACK 2
/* The second pass reads the profiles within the window's span and WINDOW_MARGIN cells beyond its
 * outermost lines, keeping the spacing within SPACING_KEEP_LO to SPACING_KEEP_HI of the first
 * pass's: the board is known then, and only its far lines, faint in the whole photo, change. */
#define WINDOW_MARGIN 0.7
#define SPACING_KEEP_LO 0.85
#define SPACING_KEEP_HI 1.15
/* The lattice refined against the lines: each line sought within REFINE_REACH of a cell across
 * its course (the crevices between stones lie half a cell off the lines), the refinement taken
 * when no corner moves more than REFINE_MOVE_MAX of a cell (a correction, not another grid). */
#define REFINE_REACH 0.3
#define REFINE_MOVE_MAX 0.6
/* Of two clear readings at other spacings (the first reading's aspect implausible), the larger
 * lattice is taken unless its windows score SMALLER_BY less than the smaller one's; of two of one
 * size, the one that spans EXTENT_CLEAR times more of the photo (its area in the rectified frame)
 * unless it scores EXTENT_SCORE less, and the one that spans that much less only when it scores
 * that much more; else the better. On a crowded board the stones' round edges make lines a third
 * of a cell apart: a 13x13 lattice at a third of the true spacing on one axis and half on the
 * other fits clearly over a part of a 9x9 board, yet scores less than half the true one, which
 * the largest size alone would not see; a 9x9 at two thirds of the spacing can score as well as
 * the true one and spans two thirds of the board. The extent alone chooses wrong too: a 9x9 at
 * twice the spacing over a 13x13 board, or at four and a half times over a 19x19. */
#define SMALLER_BY 1.0
#define EXTENT_CLEAR 1.2
#define EXTENT_SCORE 0.5

/* ---- the lattice image the classifier reads ---- */

/* Pixels a cell of the lattice image (CIE Lab): a stone's disc is about 20 pixels across, enough
 * for its top and rim and a line's dip to be told apart, few enough to warp a 19x19 board fast. */
#define CELL 20
/* Half the side of the square judged at a point (pixels of the lattice image): about the
 * sampling disc's radius, inside a stone's top whatever its lean. */
#define SETTLE_HALF 6

/* ---- the board's colour ---- */

/* On a crowded board most square centres are dark crevices between stones: the board's colour
 * is fitted starting from the samples near this quantile of lightness (the wood), */
#define BOARD_PCT 0.75
/* ... within this many L units of it (under a coloured lamp the crevices are only a little
 * darker than the wood, and a wider start takes them in), */
#define START_WIN 12
/* ... trimming samples beyond this many times the median residual (plus 4): wide enough to
 * follow a lamp that pales the wood at one side of the board. */
#define TRIM_K 4.5

/* ---- colour models fitted per photo ---- */

/* A class needs this many points to be modelled (two stones cannot define a colour), */
#define EM_MIN_POINTS 4
/* ... and the points are read again by the models at most this many rounds. */
#define EM_ROUNDS 3
/* A class of few points is shrunk toward a broad prior (weight in points, and the prior's
 * variance of lightness, a, b and dip) rather than collapsing onto its few points. */
#define EM_PRIOR_N 6.0
#define EM_PRIOR_VAR                                                                               \
    {                                                                                              \
        64.0, 16.0, 16.0, 25.0                                                                     \
    }
/* In the clusters' reading, a point whose lines do not show at all (dip under this) is not
 * taken off as empty by the models: under a lamp, pale stones on its side take the wood's
 * lightness and the broad empty class would swallow them. */
#define EM_KEEP_HIDDEN 0.0

/* ---- the lines' veto: a point whose lines show through is empty ---- */

/* The lines judge only from this many empty points, */
#define VETO_MIN_EMPTY 10
/* ... and only where their typical dip reaches this at all (the clusters and the stray pass ask
 * multiples of it). */
#define VETO_MIN_DIP 2.5
/* Typical dip from which the veto judges: fainter, a stone's own dip is noise as large as the
 * share asked, and dark stones would be taken off under a cyan or blue lamp. */
#define VETO_JUDGE 4.0
/* A stone whose both lines show this share of the typical dip is read empty: a black stone's
 * crevices and reflections show up to about 0.44 of it, a white stone on its point about 0.3;
 * glare and lit wood read white show 0.27 to 0.6. */
#define VETO_SHARE 0.45
#define VETO_SHARE_WHITE 0.35
/* A black point is judged only from this dip (where lines are faint a dark stone's noise reaches
 * the share), */
#define VETO_BLACK_FLOOR 3.0
/* ... and only when lighter than this: no shadow on the wood is darker, while a lattice a little
 * off a black stone's centre shows the wood's edge beside it as a line. */
#define VETO_BLACK_DARK 40.0
/* Where the lines are clear (typical dip from VETO_SHADE_LINES), a low light's shadow (25 to 45%
 * of the board's lightness) still shows them: there black points are judged from
 * VETO_SHADE_DARK inside the board and VETO_SHADE_EDGE_DARK on its edge (where a point's lines
 * run inward only and show beside a stone's rim), and shade taken off is not marked
 * (VETO_SHADE_CONF). */
#define VETO_SHADE_LINES 12.0
#define VETO_SHADE_DARK 30.0
#define VETO_SHADE_EDGE_DARK 35.0
#define VETO_SHADE_CONF 0.6f
/* In shade the lines' dip falls with the light: such a point is asked VETO_SHADE_CONTRAST times
 * its lightness as a share of the board's, and no less than VETO_SHADE_FLOOR (so that shadows
 * darker than 40% of the wood stay black rather than stones being taken off). */
#define VETO_SHADE_CONTRAST 0.9
#define VETO_SHADE_FLOOR 0.36
/* Where one half of a line through a point shows under this share of the typical dip, a stone
 * lies there off its point (a hurried hand): kept and marked, not taken off. Glare and lit wood
 * show the line on both sides (0.29 or more on each half); stones off their points 0.17 or less. */
#define VETO_HALF 0.2

/* ---- point-level corrections, each marked for a look ---- */

/* Where the lines are too faint for the veto (a pink or violet lamp), a point read white whose
 * dip is above FLAT_WHITE_DIP is flat wood, not a dome-shaped stone; not where the lines do not
 * show at all (typical dip under FLAT_WHITE_LINES), where a dip is only noise and shade. */
#define FLAT_WHITE_DIP 0.0
#define FLAT_WHITE_LINES 1.0
/* Light or a hand over the board's edge: an edge point read white whose margin beyond the edge
 * is as light as it (within OVER_EDGE_OUTER, % of the board) and lit (OVER_EDGE_LIT) with a flat
 * dip (OVER_EDGE_FLAT or more), or of its colour there and a cell further (OVER_EDGE_SAME, a and
 * b), is not a stone: a stone ends at the edge and the margin is wood. The margin is sampled in
 * discs of OVER_EDGE_DISC cells. */
#define OVER_EDGE_OUTER (-5.0)
#define OVER_EDGE_LIT 115.0
#define OVER_EDGE_FLAT (-1.5)
#define OVER_EDGE_DISC 0.12
#define OVER_EDGE_SAME 5.0
/* Glare mirrored in the varnish: a point read white, clipped (every channel from GLARE_CLIP)
 * over GLARE_POINT of its disc, with GLARE_SQUARES square centres beside it clipped over
 * GLARE_SQUARE of theirs, is glare (a stone, even pushed off its point, covers one such centre
 * at most); a white point beside it whose lines show GLARE_FRINGE of the typical dip is its
 * washed-out fringe. */
#define GLARE_CLIP 245
/* ... GLARE_CLIP counted down from each channel's top instead of from 255: the level above which
 * this share of the board's pixels lie (a glare's patch is wider than a stone, so a few hot pixels
 * do not set it). Under white light a glare's 255 in every channel leaves GLARE_CLIP as it is;
 * under a coloured lamp the glare is the top of every channel, the lamp's colour (bench_vision
 * --alter: glare under the lamps read as white stones, unmarked). */
#define GLARE_TOP 0.999
#define GLARE_POINT 0.5
#define GLARE_SQUARE 0.5
#define GLARE_SQUARES 2
#define GLARE_FRINGE 0.2
/* One set's black stones under one light are alike: points read black that fall BLACKS_APART
 * or more lighter than BLACKS_MIN darker ones, and show the lines (BLACKS_LINES of the typical
 * dip as their median), are long shadows under a low light. Over photos without such shadows
 * the largest gap is about 16: a thin margin. */
#define BLACKS_APART 20.0
#define BLACKS_MIN 5
#define BLACKS_LINES 0.1
/* A point read empty whose lines are hidden as a pale stone's dome hides them (its dip below
 * minus MARK_HIDDEN_SHARE of the typical and minus MARK_HIDDEN_MIN) stays empty but is marked:
 * pale stones under a coloured lamp take the wood's lightness and colour. */
#define MARK_HIDDEN_SHARE 0.3
#define MARK_HIDDEN_MIN 3.0
/* Pale white stones where a lamp's light falls off (classify.c, pale_whites): a point read empty
 * whose lines are hidden (dip under PALE_HIDDEN of the typical), of the white stones' colour
 * (PALE_ALONG or more of the way from the wood's colour to theirs, within PALE_ACROSS of that
 * way sideways, PALE_WOOD_SDS of the wood's colour spread from it) is read white and marked.
 * The wood's colour is taken over the empty points whose lines show (PALE_WOOD_LINES of the
 * typical dip), the white stones' from PALE_MIN_WHITES of them; the two must stand PALE_APART
 * spreads apart (floored at PALE_SD_FLOOR), else colour tells nothing. */
#define PALE_HIDDEN 0.15
#define PALE_ALONG 0.5
#define PALE_ACROSS 0.35
#define PALE_WOOD_SDS 4.0
#define PALE_WOOD_LINES 0.5
#define PALE_MIN_WHITES 8
#define PALE_APART 4.0
#define PALE_SD_FLOOR 1.5
/* ... and where it is not of the white stones' colour against the wood's over the board, against
 * the wood near it: a plane through the lightness and colour of the empty points whose lines show
 * within PALE_REACH cells (PALE_NEAR of them at least), weighted by distance (a Gaussian of sigma
 * PALE_SPREAD cells), its slopes pulled toward flat by PALE_FLAT (points' worth), taken at the
 * point; a crowd near the board's edge leaves few empty points within a few cells. There the way
 * from the wood's colour to the white stones' and the wood's spread are taken shrunk as that wood
 * is dimmer than the wood's median (Lab's a and b shrink with the light), to PALE_DIM_MIN at
 * least. */
#define PALE_NEAR 6
#define PALE_FLAT 2.0
#define PALE_REACH 6.0
#define PALE_SPREAD 3.0
#define PALE_DIM_MIN 0.4
/* White stones are lighter than the empty points (on every photo read, by 9 points of the
 * board's lightness or more) or of another colour: a reading whose whites are INVERTED_BY darker
 * than its empty points, their colours under INVERTED_COLOUR apart, is inverted (a lamp that
 * gives white stones the wood's colour), from INVERTED_MIN points of each. */
#define INVERTED_MIN 5
#define INVERTED_BY 10.0
#define INVERTED_COLOUR 12.0

/* ---- the clusters: stones of colours the rule does not know ---- */

/* k-means rounds at most. */
#define CLUSTER_ROUNDS 12
/* Two stone clusters must lie CLUSTER_MIN_DL apart in lightness, and the lighter one
 * CLUSTER_MIN_APART prior spreads from the board's: one colour split in two, a one-coloured
 * crowd or uneven light must not pass for two colours. */
#define CLUSTER_MIN_DL 20.0
#define CLUSTER_MIN_APART 3.0
/* The lighter stones' median line dip must stay under this share of the typical dip (stones
 * hide the lines; wood read as stones does not). */
#define CLUSTER_LINES 0.3
/* The lighter stones' cluster is taken for the board when its lines show from CLUSTER_SWAP_DIP
 * and the board's cluster shows under CLUSTER_BOARD_DIP: under a coloured lamp the wood's colour
 * can be a stone cluster's, and the lines tell which is the wood. */
#define CLUSTER_SWAP_DIP (3 * VETO_MIN_DIP)
#define CLUSTER_BOARD_DIP (2 * VETO_MIN_DIP)
/* The board's cluster is seeded by the points its lines show through most when they show by this
 * much on average: on a crowded board under a coloured lamp the board's fitted colour can be a
 * stone cluster's. */
#define CLUSTER_SEED_DIP (2 * VETO_MIN_DIP)
/* How much more clearly the lines show through the board's cluster than through either stone
 * cluster, for the darkest cluster to be taken for a stone one. */
#define CLUSTER_DARK_APART VETO_MIN_DIP
/* Each feature's scale (lightness, a, b, dip) in the clusters' distance. */
#define CLUSTER_SCALE                                                                              \
    {                                                                                              \
        8.0, 4.0, 4.0, 5.0                                                                         \
    }
/* The board's colour is fitted again to the empty points the clusters found, from this many: on a
 * crowded board the first fit is mostly crevices. */
#define REFIT_MIN_EMPTY 20
/* ... but not when that fit comes out under this share of the first one's lightness: it is then
 * fitted to a low light's shadows, against which lit wood and white stones split. */
#define REFIT_SHADE 0.7
/* Each point's lightness is taken against the wood near it: the median of the LOCAL_NEAR
 * nearest empty points within LOCAL_REACH whose lines show (LOCAL_DIP), from LOCAL_MIN of them.
 * A fitted surface bends away from the wood in a corner crowded with stones under a lamp. */
#define LOCAL_NEAR 6
#define LOCAL_MIN 3
#define LOCAL_REACH 4.0
#define LOCAL_DIP (2 * VETO_MIN_DIP)

/* ---- where each point is read ---- */

/* A point's square settles where it is most even within SETTLE_REACH (a stone off its point, a
 * lattice a little off near the edge), pulled back by SETTLE_PULL (lightness units a squared
 * cell); the lattice's own error is the median over SETTLE_NEAR points around, from which each
 * settles again within SETTLE_FINE. */
#define SETTLE_REACH 0.25
#define SETTLE_FINE 0.1
#define SETTLE_NEAR 2
#define SETTLE_PULL 150.0
/* The reading's shift for the stones' lean is sought away from the camera only (a share toward
 * it under SHIFT_NEAR): toward the camera it lands on rims and shadows. */
#define SHIFT_NEAR 0.02
/* In the clusters' reading an edge point's edge line is also sought this many pixels (a fifth of
 * a cell) inward: a lattice fitted to the stones' tops can lie outside the board's edge. */
#define EDGE_LINE_INWARD 4

/* ---- stones off their points (stray.c) ---- */

/* Around a point read empty, a stone is sought STRAY_MIN..STRAY_MAX from it (nearer is its own
 * disc; further is the neighbour's stone), its centre STRAY_APART from every other stone's
 * (stones do not overlap; centres read from the most even squares come out up to 0.2 close),
 * and at most STRAY_EDGE beyond the outermost lines (a stone on the first line overhangs it). */
#define STRAY_MIN 0.4
#define STRAY_MAX 0.7
#define STRAY_APART 0.8
#define STRAY_EDGE 0.25
/* ... on one of the point's lines (within STRAY_ON_LINE), hiding it there (its dip under
 * STRAY_HIDDEN of the typical): a shadow on the wood still shows the line at 0.3 of its dip. */
#define STRAY_ON_LINE 0.3
#define STRAY_HIDDEN 0.15
/* The lines must show this clearly (typical dip) to tell a stone from wood between them. */
#define STRAY_LINES (2 * VETO_MIN_DIP)
/* In a tilted view, only across it: a stone's offset along the view at most 1 / STRAY_ACROSS of
 * its offset across (seen at an angle, stones' bodies reach toward the far edge). */
#define STRAY_ACROSS 2.0
/* Two stones read side by side whose centres lie within STRAY_ONE of each other and
 * STRAY_ONE_MID of their points' midpoint, each point STRAY_HALF spreads off its colour's
 * lightness, are one stone between the points, when the line beyond each shows STRAY_SEEN of
 * the typical dip (two real stones side by side hide it). */
#define STRAY_ONE 0.35
#define STRAY_ONE_MID 0.2
#define STRAY_HALF 2.0
#define STRAY_SEEN 0.5
/* A stone's centre: the most even square of its colour within STRAY_CENTRE of where it is read. */
#define STRAY_CENTRE 0.5
/* A square is of a class when within STRAY_WITHIN of its mean (per-feature spreads, no less
 * than STRAY_SD_FLOOR), the class having STRAY_MIN_CLASS points to learn from. */
#define STRAY_WITHIN 2.5
#define STRAY_SD_FLOOR 2.0
#define STRAY_MIN_CLASS 10
/* As even as the photo's stones of its colour: a spread up to STRAY_EVEN_BY times their
 * STRAY_EVEN quantile, and from STRAY_EVEN_LOW of their median (glare and hands are much more
 * even than stones). */
#define STRAY_EVEN 0.9
#define STRAY_EVEN_BY 1.2
#define STRAY_EVEN_LOW 0.5
/* The searches' step, pixels of the lattice image (a tenth of a cell). */
#define STRAY_STEP 2

/* ---- the learned check (points.c) ---- */

/* A point read empty that the classifier gives less than this probability of being empty is
 * marked. The wrong points that both readers agree on are stones taken for wood (pale stones on a
 * coloured lamp's side of the board, a stone half off its point); the classifier is unsure of
 * them where the rule is not. Measured held out (bench_vision, each photo read by the classifier
 * of its fold): 0.36% of the points more marked, from 0.00% to 0.86% by fold, nearly all on
 * crowded boards under coloured lamps, where such stones are. */
#define POINTS_SURE 0.9f
/* A reading the colour rule and the clusters give in one colour only is read by the classifier
 * alone when it is sure (POINTS_SURE) of at least BY_CLASSIFIER_SURE of the points: one unsure of
 * many points is on a lattice or in a light it does not know. With no second reader to disagree,
 * its points read under BY_CLASSIFIER_MARK are marked: the wrong points of such readings on
 * development boards were stones read as wood at 0.93 to 0.98. */
#define BY_CLASSIFIER_SURE 0.9
#define BY_CLASSIFIER_MARK 0.99f
/* A lattice refused only because its lines are too faint to check is read by the classifier
 * alone, vouched for by the lattice model, when the classifier is sure of at least FAINT_SURE of
 * its points: more than a reading on a lattice the lines passed, since no line vouches for it. On
 * the development boards of the mixed row, 0.9 and 0.95 read the same boards but one; without the
 * lattice model's word, lattices of the wrong size and half a board off were read, surely. */
#define FAINT_SURE 0.95
/* A point read empty whose lines are hidden as a white stone's dome hides them (MARK_HIDDEN_SHARE
 * and MARK_HIDDEN_MIN, as for the mark), that the classifier gives at most HIDDEN_WOOD_MAX of
 * being wood and more of being white than black, and where a white stone would have a liberty,
 * is read white and marked. Pale stones on the dim side of a coloured lamp take the wood's
 * lightness and colour, and the colour rule reads them as wood; their glossy domes hide the faint
 * lines and the classifier sees their shape. Measured held out (each photo read by the
 * classifier of its fold): the stones so read were given 0.001 to 0.22 of being wood; the empty
 * points with hidden lines among black stones (their shadows) and a liberty, 0.37 or more. */
#define HIDDEN_WOOD_MAX 0.25f
/* Where the lines show faintly over the whole board (the empty points' typical dip under
 * FAINT_LINES gray levels: a coloured lamp), a dome need not hide them measurably: such a point,
 * that the classifier gives as above (HIDDEN_WOOD_MAX) and whose lines show less than the
 * typical, is read white and marked when its top holds a glint: the whitest pixel within
 * GLINT_RADIUS of a cell of the point stands GLINT_MIN gray levels over the median within
 * GLINT_AROUND (whiteness: the lightness less the colour's strength, 8-bit Lab), as a glossy
 * stone's does and flat wood's does not. Measured on the photos of one board so far (each read by
 * the classifier of its fold), among the points so given where the lines are that faint: the pale
 * stones left empty, 15.6 to 33; the empty points (most of them among black stones), at most 8.7.
 * On rendered steep boards and one blue-lamp photo an empty point beside bright stones passes too
 * (marked): the margin wants a second board of pale stones. */
#define FAINT_LINES 12.0
#define GLINT_RADIUS 0.3
#define GLINT_AROUND 0.4
#define GLINT_MIN 12.0
/* A stone on the board's first line with no stone among the eight points around it, whose tint
 * (blue and red over green, in the classifier's patch with the board's mean made neutral) lies
 * more than LONE_EDGE_APART standard deviations from the median tint of its colour's stones, is
 * marked: what reaches over the board's edge (a hand, a sleeve, a lid) is read as a lone stone
 * there, and differs in tint from the stones. Three standard deviations is the usual bound of an
 * outlier, not fitted: on the photos, a fingertip read as a white stone lies 3.7 away, the stones
 * on the first line alone at most 3.0. The spread is robust (1.4826 times the median absolute
 * deviation), at least LONE_EDGE_SD_FLOOR levels (JPEG noise on a set of identical stones), over
 * at least LONE_EDGE_STONES stones of the colour (the lone one among them: a sparse board's few).
 */
#define LONE_EDGE_APART 3.0
#define LONE_EDGE_SD_FLOOR 3.0
#define LONE_EDGE_STONES 4
/* Any stone whose tint lies more than STONE_TINT_APART of those spreads from its colour's median
 * (over at least STONE_TINT_STONES stones of the colour), and that the classifier gives at least
 * STONE_TINT_EMPTY of being empty, is marked: wood between two stones that lean toward a point
 * can be read as a stone by the rule and the classifier together, and keeps the wood's tint. The
 * tint alone is no mark: glare, shade and a lamp's gradient move real stones 4 to 11 spreads off
 * on the photos; of those the classifier gives nearly all under 0.01 of being wood. Measured
 * (bench_vision, held out and the photos turned): such wood 4.1 to 8.6 spreads off, given 0.06 to
 * 0.5; one right point more marked held out, four in the 552 turned readings. Under a saturated
 * blue lamp the tints of wood and stones draw together and this does not tell them apart. */
#define STONE_TINT_APART 4.0
#define STONE_TINT_EMPTY 0.02f
#define STONE_TINT_STONES 8
/* A black reading with exactly one stone among its four neighbours, that the classifier gives at
 * more than SHADE_EMPTY of being empty, is marked: a stone's shadow (a lamp low at one side, a dim
 * room) is as dark as a black stone to the rule, lies beside the one stone casting it, and keeps
 * enough of the wood's grain and lines for the classifier to doubt it. Black stones beside one
 * stone it seldom doubts so: on the shared photos 14 of 461 (a tenth of the black stones in
 * crowds are). Measured (bench_vision --alter, read by the fold models): the shadows a violet lamp
 * and a webcam leave read black, given 0.01 to 0.26, are most of the silent black points; 13 right
 * points more marked over the 138 photos as they are (0.03%), 4 to 21 in each altered row. A mark
 * only: a shadow and a black stone beside a stone can look alike. */
#define SHADE_EMPTY 0.01f
/* A black reading the classifier gives at least BLACK_WOOD of being empty, and whose tint lies at
 * least BLACK_WOOD_APART robust spreads from the black readings' (as for STONE_TINT_APART), is
 * read empty, marked: what the colour rule takes for a black stone on a bare point (a stone's
 * shadow, a lamp's dark tint, a stain in the wood) keeps the wood's grain, lines and tint, which
 * the network sees. Measured by the fold models on the development folds' photos, as they are and
 * altered once (840 readings): the black readings given 0.9 or more were all wood (76 of 76);
 * under 0.9, 16 of 20. Without the tint, stones of a colour the network was not trained on (the
 * green stones of a held-out group) were read as wood on the first line; with it those stay, and
 * the development readings keep 19 of the 24 perfect readings gained (3 spreads: 14). Not for
 * white: pale, glassy and lamp-tinted white stones are the ones the network takes for wood
 * (rendered boards lost perfect readings so), and the rule reads them from their shading. Only
 * where the classifier reads at least BLACK_WOOD_KNOWN of the other black readings black: one
 * unsure of many black stones does not know this set's stones. */
#define BLACK_WOOD 0.9f
#define BLACK_WOOD_APART 2.0
#define BLACK_WOOD_KNOWN 0.9
/* A point whose centre lies within BEYOND_PHOTO_MARGIN of a cell of the photo's edge, or beyond
 * it, is marked: its stone is cut by the frame (or not in the photo at all, where the warp
 * repeats the photo's border pixels), and neither reader can tell it from wood or from its
 * neighbour. Half a cell is a stone's radius, not fitted: rendered webcam frames that cut a
 * board's corner read such points wrong with nothing marked. */
#define BEYOND_PHOTO_MARGIN 0.5

/* ---- the lattice refined against the printed lines (refine.c) ---- */

/* The warp: RCELL pixels a cell, RMARGIN cells of margin around the lattice. */
#define RCELL 24
#define RMARGIN 1
/* A piece of line is sought within SEARCH cells of where the lattice puts it, measured over
 * ALONG cells of its length, at four places a cell. */
#define SEARCH 0.36
#define ALONG 0.1
/* A piece counts when its dip reaches this (gray levels) and PIECE_SHARE of the photo's
 * typical clear piece. */
#define PIECE_MIN 5.0
#define PIECE_SHARE 0.35
/* Robust scale of the residuals (cells) and the cut-off beyond which a piece is ignored. */
#define RES_SCALE 0.08
#define RES_CUT 0.25
/* A correction that moves any lattice point more than this (cells) is not a refinement. */
#define MAX_MOVE 0.6
#define MIN_PIECES 24

/* ---- the lattice against the stones (phase.c) ---- */

/* The warp: this many pixels a cell, two cells of margin. */
#define PCELL 20
#define PMARGIN 2
/* The closing's side, wider than a printed line (1-3 pixels here), narrower than a crevice
 * away from where two stones touch. */
#define CLOSE_SIDE 5
/* Half side of the square whose tone is measured: 0.3 cell, inside a stone's top (a stone
 * is about 0.95 cell across). */
#define BOX_HALF 6

/* A move needs the even squares to be clearly more even than where the lattice is, in
 * pixel-value units and as a share. Measured over the photos (mean spread at the lattice
 * points minus the best elsewhere): at most 2.1 (and 0.46 of the spread, on nearly empty
 * boards where the spread is small) on the lattices that were right, 5.6 to 20 (0.30 to 0.64)
 * on those half a cell off (crowded boards). */
#define PHASE_GAIN 3.0
#define PHASE_SHARE 0.25

/* The stones confirm a family of lines when, in each third of the board, the points (after
 * the lean) are more even by this much than the points half a cell off across the family.
 * Measured on the photos at the check, as the least over thirds and families: 8.1 to 22.9 on
 * the crowded boards read right (the sparse ones less), under 8 on the wrong lattices except a
 * few crowded boards of green-tinted stones at 8.7 to 9.8 (one stretched a line too far), which
 * the halfway lines still refuse (MID_SHARE_STONES in lattice.c). */
#define CONFIRM_GAIN 8.0
/* ... or as a share: the points are at most 1 / CONFIRM_RATIO as uneven as half a cell off.
 * Flat stones on a dim board show a small spread everywhere: synthetic stones under coloured
 * lamps show about 2.3 on their points against 10 half a cell off (a gain of 7 to 9, a ratio
 * of 4); on a sparse board under a pink lamp, 3.0 to 7.7 against 11.3 to 15.5 (a gain of 6.8
 * in one third, a ratio of 2 or more in every third), while a lattice a column off over a
 * third of the board showed 1.26 there. Such boards, read with the check in the lamp's gray
 * (lattice.c), need the ratio. */
#define CONFIRM_RATIO 2.0
/* ... and for a lattice judged as under a dim or coloured lamp (vz_grid.dim, vision.c): the
 * stones' contrast falls with the light, while their ratio holds. The green-stone photos'
 * lattices fitted to the stones, right: 9.5 to 15.3 under the cyan lamp, 6.4 under the violet
 * one and 7.3 under the blue one, at ratios of 1.58 to 1.65 (the least third). */
#define DIM_CONFIRM_GAIN 6.0
/* The stones' lean the test follows: up to 0.35 cell away from the camera, and 0.05 cell
 * aside, in warp pixels; none when the view is not tilted (VZ_TILTED: the cells change size by
 * less across the board, a photo from nearly straight above), unless the view is low (LEAN_LOW_VIEW
 * below): through a long lens from farther off, the cells shrink little toward the far edge while
 * the view squashes them, and the stones lean all the same. Their shrinking still points the way.
 * Measured on the bench's boards seen from low, 100 a size: 74 -> 90 perfect on 9x9, 71 -> 84
 * on 13x13, 76 -> 88 on 19x19, refusals 26/26/22 -> 9/13/10, none read wrong (the boards
 * gained had lattices right to a tenth of a pixel, refused as their stones off the points);
 * every other row and the photos read as before. */
#define LEAN_MAX 7
#define LEAN_SIDE 1
/* ... and up to 0.45 cell in a view lower over the board than LEAN_LOW_VIEW (its middle cell's
 * foreshortening, vz_foreshortening: about 48 degrees; the real photos here are all 0.81 or more):
 * a stone's body leans about half its height (0.2 cell) times the view's cotangent, so from lower
 * down its lean found sits at the end of the range, which the checks take for a lattice off the
 * stones. Not wider everywhere: at 0.45 throughout, a crowded board turned a quarter turn (0.84)
 * passed on a lattice half a cell off along the view with a lean of 0.4 and was returned, mostly
 * wrong. */
#define LEAN_LOW_VIEW 0.75
#define LEAN_MAX_LOW 9
/* The fit to the stones (vz_stones_fit): each neighbourhood of points set in phase on its own
 * and the lattice refitted to those phases. */
#define FIELD_REACH 2  /* a neighbourhood: the points within this many cells either way */
#define FIELD_ROUNDS 3 /* field and fit, again from the new lattice */
/* A neighbourhood whose best phase is not this much more even than its average (gray levels)
 * says nothing. */
#define FIELD_MIN 0.5
#define FIELD_RES 0.15 /* robust scale of the fit's residuals, in cells */
/* The stones move the lattice's window by whole cells at most this many times (the stones set the
 * phase, not which whole cells the lattice spans). */
#define WINDOW_STEPS 2

/* ---- the lattice check (lattice.c) ---- */

/* The check's warp: this many pixels a cell, two cells of margin around the lattice. */
#define LCELL 20
/* The farthest a line's dip is measured beside it in that warp (vz_line_dip_reach): six pixels,
 * two of the photo's pixels on cells of 6.7 px. */
#define DIP_REACH_MAX 6
#define LMARGIN 2
/* Where both lines show through a point by this share of their typical dips, no stone covers
 * it; at least CLEAR_MIN places between two such points are needed to judge by. */
#define CLEAR_CROSS 0.5
#define CLEAR_MIN 12
/* Halfway between clear points a lattice on the lines shows at most this share of the typical
 * line evidence. Measured: 0.01 to 0.09 on lattices that read their photos right (crowded
 * green-stone and coloured-light photos among them), 0.37 to 1.7 on lattices half a cell or a
 * line off (synthetic and real). */
#define CLEAR_MID_SHARE 0.3
/* ... nor a ridge brighter than beside by this share of it, unless the stones confirm the
 * lattice in every third of both families (vz_phase_confirms). Measured: -0.014 at the least on
 * the 118 photos read (and 0.141 at the most), in every family with 45 clear places or more;
 * -0.24 to -0.33 on the lattices of ten green-stone photos that passed every other rule and
 * read about half their points (the stones' colours refused them). Under a low light from one
 * side the shadows of two stones side by side fall on the points beyond them, and leave a strip
 * of lit wood between: a ridge halfway between two clear points of the lattice on the lines
 * (the bench's row "low light's shadows": -0.14 and -0.28 on the true corners of its 19x19
 * boards 18 and 29). The green-stone lattices refused for a ridge today (-0.14 to -0.30, 17
 * looks at 13 photos) sit off the stones: in a third of their rows or more the points half a
 * cell off are more even than theirs, where on the true corners of those two boards the points
 * are three to four times as even as half a cell off in every third. */
#define CLEAR_RIDGE 0.1
/* ... and where the lines' dips are measured two of the photo's pixels beside them (cells under
 * 13 px): a line blurred over a third of such a cell still darkens the wood two pixels from it,
 * which the dip halfway takes for a ridge (right lattices of webcam frames: -0.04 to -0.12). */
#define CLEAR_RIDGE_WIDE 0.2
/* ... and there each line of the lattice, and each gap inside it crossed by the other family's
 * lines, dips this share of the typical at least (vz_check_lattice). */
#define WIDE_SHOWN 0.25
/* Below this (pixel-value units) the lines are too faint to judge (blur, low resolution,
 * coloured light): the finder's choice stands. */
#define MEASURABLE 4.0
/* The refit's search: lattice shift up to this many cells, scale up to this share, and the
 * gain in summed line response that a move must bring. */
#define REFIT_SHIFT 1.0
#define REFIT_SCALE 0.06
#define REFIT_GAIN 1.15
/* After the stones have set the phase: how far from a whole cell the window's shift may be.
 * The stones' tops lean off the lines (a quarter of a cell seen steeply), and the lines are
 * then sought that far from the tops; the crevices, half a cell off, stay out of reach
 * (synthetic boards of leaning stones: 0.1 put a third of the 9x9 and 13x13 a line off). */
#define WINDOW_SLACK 0.35
/* Below this in both families (as the median line dip), no fit is trusted. Measured on the
 * photos: the 7 readings with fainter lines were all wrong (a wrong size or most points). */
#define CHECKABLE 6.0
/* ... on a lattice whose middle cell spans SOFT_CELL pixels or more in the photo; on smaller
 * cells CHECKABLE falls in proportion (to no less than MEASURABLE) where the wood halfway between
 * the lines dips at most SOFT_MID_SHARE of the lines in both families. A printed line is a
 * thirtieth of a cell or so: on small cells it is a pixel or less wide, and a camera's blur
 * spreads its dip over the pixels beside it while the lattice still sits on it (webcam frames,
 * 640 px wide with cells of about 15 px: right lattices dip 4.2 to 5.2 and 8 to 9.5, 0.4 to 0.8
 * halfway). */
#define SOFT_CELL 24.0
#define SOFT_MID_SHARE 0.25
/* ... unless the lines are faint because stones cover most of them: from this dip up, a
 * lattice the stones confirm in every third of both families (vz_phase_confirms), with
 * CLEAR_MIN places or more in each family that both lines show through, is judged on. On a
 * crowded board of touching stones the lines show only between the stones (crowded boards
 * under a cyan lamp: 4.1 to 5.2, their midway tests clean, the stones 9.5 to 15.3 grey levels
 * more even on the points than half a cell off), and such boards read only so. The other
 * photos that would read with the rule waived stay refused, as none of them read right then.
 * Down to 3.4: a photo blurred by the camera's motion along the rows shows them at 3.6 on its
 * right lattice (the columns far clearer), and the stones confirm that lattice. */
#define FAINT_FLOOR 3.4
/* ... and from this dip for a lattice judged as under a dim or coloured lamp (vz_grid.dim: a
 * lattice fitted to the stones once its own check failed, vision.c): under a blue lamp the
 * luminance keeps a tenth of the light and the lines of the green-stone photos' right lattices
 * dip 2.1 (columns) and 3.0 (rows). Also for every lattice in the lamp's gray (the check asked
 * again there when luminance finds the lines too faint): pale lines under a saturated lamp dip
 * 3.1 there on a right lattice of a crowded 19x19 whose stones confirm it; under FAINT_FLOOR
 * there its halfway lines must show less than MID_SHARE_STONES of its lines in both families. */
#define DIM_FAINT_FLOOR 1.5

/* A lattice judged on faint lines by the stones' word is refused where BLANK_END_RUN lines or
 * more at one end show neither their line nor the other family's lines crossing their gaps,
 * each under BLANK_END_SHARE of the upper quartile of the lattice's lines (and gaps), unless
 * stones cover them: the lattice runs over the table past a smaller board, whose stones
 * confirm the points they cover (a 19x19 lattice over a crowded 13x13 under a blue lamp: 4 and
 * 2 such lines at its ends, 0.16 to 0.31 of the quartile; the 70 lattices that passed in the
 * lamp's gray on the bench's blue-lamp boards show none). The upper quartile stays with the
 * board's lines where a third of the lattice lies off the board. */
#define BLANK_END_SHARE 0.35
#define BLANK_END_RUN 3

/* The stones confirm a lattice strongly (vz_phase_confirms gives 2) when in every third of both
 * families the points half a cell off are at least this many times as uneven in tone as the
 * points ... */
#define STRONG_CONFIRM_RATIO 3.0
/* ... and by this many grey levels (flat spreads of a dim photo make ratios of noise). Then the
 * lattice's phase is settled by the stones, and where the lines are faint the tests of the
 * wood halfway between lines (clear points, CLEAR_MIN; halfway lines, MID_SHARE) are not asked:
 * on a crowded board under a saturated lamp few points are clear and the crevices between the
 * stones darken the halfway lines more than the pale printed lines show (rendered 13x13 boards
 * under a blue lamp, right lattices: 1.9 to 2.2 on the points, 6.7 to 9.1 half a cell off, 5
 * clear places, halfway lines 2 times the lines in the lamp's gray). A lattice half a cell off
 * shows a ratio under 1, one a column off over a third of the board 1.26 there; a lattice off by
 * whole lines is as even as the right one, and is left to the tests of its ends. */
#define STRONG_CONFIRM_GAIN 4.0

/* The stones' word is asked in the lamp's gray as well (lattice.c, for the check in that gray)
 * for a family whose points half a cell off are uneven by less than this in luminance in a third:
 * there the gain CONFIRM_GAIN asked in every third cannot show whatever the lattice, the light
 * being too dim in luminance. Rendered crowded boards under a saturated blue lamp: 5.4 to 7.4 in
 * the least third (5.4 to 9.0 in all; 27 to 46 in the lamp's gray) on true lattices whose points
 * are a third as uneven. Crowded photos under a pink lamp: 10.9 to 12.6 in the least third; a
 * lattice there whose stones luminance did not confirm (ratios of 1.6) passed on the lamp's gray's
 * gains, had every third counted, and read 10 points wrong. */
#define STONES_DIM_OFF CONFIRM_GAIN

/* A lattice judged as under a dim or coloured lamp (vz_grid.dim) on lines too faint to check,
 * whose stones fall short of confirming it (DIM_CONFIRM_GAIN, CONFIRM_RATIO) yet show in every
 * third of both families at least NEAR_CONFIRM_RATIO times as uneven half a cell off as on its
 * points, stands when the points clear of stones tell its phase: PHASE_CLEAR_MIN places or more
 * between two clear points in each family (CLEAR_MIN for a check that trusts the lines), the
 * wood halfway under MID_SHARE of the lines, and PHASE_CLEAR_SHARE times as many as on the
 * lattice moved half a cell (crevices between stones make the crossings there). Crowded 19x19
 * photos under a saturated lamp or in a dim room, right lattices fitted to the stones: ratios 1.80
 * to 2.02 at the least, 35 to 81 places against 9 to 24 half a cell off; wrong lattices there:
 * ratios 0.95 to 1.30, 1 to 6 places at any phase. The lattice's ends are judged as for any faint
 * lattice. */
#define NEAR_CONFIRM_RATIO 1.7
#define PHASE_CLEAR_MIN 30
#define PHASE_CLEAR_SHARE 2.5

/* Line evidence halfway between the lattice's lines above this share of the evidence on them:
 * the lattice is not on the lines. */
#define MID_SHARE 0.6
/* The same when the stones confirm the lattice in both families (vz_phase_confirms): on a
 * crowded board the crevices between white stones darken the halfway lines as much as the
 * printed lines show where they are not covered (1.05 and 1.06 on one read right), while a
 * lattice stretched a line too far still shows more there (1.25 to 1.68 on crowded boards of
 * green-tinted stones it let through). */
#define MID_SHARE_STONES 1.15

/* Beyond the lattice's outermost line the other family's lines stop; where they cross the gap
 * beyond it by this share of the typical gap, the board goes on there. On the photos read
 * right the most was 0.42 (a bevel, the board's edge); a lattice a line off the board under a
 * row of stones shows 0.55 and up. */
#define BEYOND_CROSSED 0.5
/* A line beyond the lattice's edge with its gap crossed: the lattice misses a line there from
 * this share of the typical line. On the photos read right the line beyond shows up to 0.79
 * (a board's edge can look like a line), but never with its gap crossed; a crowded synthetic
 * 13x13 read a column off showed 0.44, its outermost line mostly under stones. */
#define BEYOND_LINE 0.4
/* ... but never below this share of the typical line, whatever the lattice's end shows. */
#define BEYOND_FLOOR 0.6
/* Where the lines are clear (a typical line of BEYOND_CLEAR or more), the other family's lines
 * crossing the gap beyond an end by BEYOND_GOES_ON of the typical gap: the board goes on there,
 * whatever the line beyond shows. A clearly lined 19x19 resized to 800 pixels was read on a
 * 13x13 lattice over one corner, its rows drifting off the printed ones toward the board's
 * middle: the line beyond that end fell between two printed ones (0.8 of a typical 47) while
 * the columns crossed the gap beyond at 0.93 of the typical gap. The photos read right show at
 * most 0.42 there; crowded boards of green-tinted stones show 1.2 to 1.5 (crevices between the
 * edge stones), but their lines are faint. */
#define BEYOND_CLEAR 18.0
#define BEYOND_GOES_ON 0.8
/* A gap inside the lattice crossed by less than this share of the typical gap shows no line. */
#define GAP_DEAD 0.2
/* An end of the lattice whose line and last gap both show less than this share of the typical
 * ones lies off the board. On the photos read right, every end shows 0.43 or more in one of
 * the two; a synthetic 9x9 read on a lattice whose last column lay on the table showed 0.03
 * and 0.02 (its table read as black stones that sat evenly on the points). */
#define END_DEAD 0.15
/* A dead run of gaps at a lattice's end, or a dead outermost line (END_DEAD), is forgiven when
 * stones cover it: a wall of stones along the board's edge hides the lines under it, while a
 * lattice past the edge has bare margin on its outer points. Every line of points of the run
 * holds at least COVER_SHARE of the stone evidence (vz_stones_by_line) of the lattice's typical
 * line and at least COVER_POINTS of its points' worth of a stone's (STONES_GAIN each: on a sparse
 * board the typical line holds little), and the line of points beyond it less than COVER_BEYOND
 * of the typical (the board ends there). Measured on a synthetic 9x9 with three columns
 * covered: the covered lines 2.2 to 2.3 of the typical, the line beyond 0.04; a lattice moved
 * onto the margin is still refused. */
#define COVER_SHARE 0.7
#define COVER_POINTS 0.5
#define COVER_BEYOND 0.25

/* ---- the lines through the points read empty (lattice.c, after the reading) ---- */

/* The points read empty show the lattice's lines through them: the median over them of the
 * weaker dip across the two lines through each, at least this share of the weaker family's
 * typical line evidence. The lattice check cannot tell wood from stones and judges the lines
 * where they show best; a lattice right at one side of the board and drifting off at the other
 * passes it when the part on the lines is clear enough (a synthetic 13x13 small in the photo:
 * rows 28 to 35 on the first four lines, -6 to 8 on the last five; read 108 of 169 as a
 * success). Once read, its empty points show nothing there (0.0 of the typical). Measured on
 * the readings returned, where the rule judges (EMPTIES_MIN empty points, lines measurable):
 * 0.58 or more on the photos (the least on a clearly lined board and one under a low light;
 * under coloured lamps 0.59 and up), 0.99 or more on nearly all the synthetic boards of the
 * bench's rows; under 0.02 on two: that 13x13 and a 9x9 read on a lattice beside the printed
 * lines (its stones' leaning tops taken for the points). Refused, both are read point for point
 * by another look. */
#define EMPTIES_ON_LINES 0.25
#define EMPTIES_MIN 10
/* Wood off the lines is flat there (0.0 and 0.3 on those two boards); a white stone is a dome,
 * lighter at its top than along the lines through its rim: from this share of the typical line
 * below zero the points read empty are stones (pale ones the fixed rule took for wood, on
 * crowded boards under green and violet lamps: -0.93 and -1.3). */
#define EMPTIES_DOMES 0.25
/* ---- the lattice model's judgement (evidence.c: vz_lattice_judge) ---- */

/* Held out (each photo's lattice judged by the model trained without its fold), a line of
 * points beyond an end of a right lattice read 0.51 at most (0.5 is a line off the photo), the
 * board's edge line beyond a lattice one line off 0.6 to 0.95 where the model knew the board's
 * make (a make it had not seen: 0.05 to 0.2, left unmoved). */
#define EVIDENCE_LINE_IN 0.6
/* ... while that lattice's own line at the other end, beyond the board's other edge, reads at
 * least this much less (rendered boards: 0.3 less where a stone at the edge leans over it). */
#define EVIDENCE_LINE_GAP 0.25
/* Right lattices read 0.35 (crowded, under a blue lamp, held out) to 0.97; lattices through a
 * cloth's or the table's crossings under 0.1. */
#define EVIDENCE_MIN 0.2

/* ---- the final check of the lattice read on (final_check.c: vz_final_check) ---- */
/* The model's readings quoted below were measured with an earlier training of the lattice
 * model (three epochs, the photos cut on the reader's lattices of the time); with the built-in
 * one, test_vision_final and test_vision_evidence check every number again. */

/* A point the lattice model reads at least this likely is surely a point. */
#define FINAL_SURE_POINT 0.9
/* The model is trusted on a board where, in one square block of the lattice's points (a third
 * of the lattice a side), this share or more read surely: under coloured lamps and on photos of
 * groups it was not trained on, right lattices read unsure scattered over the board (up to 70%
 * of all points, 88% of one block, under 0.5) and no block this sure on most. Lower, right
 * lattices read up to 0.82 of a block unlikely (0.7: 0.78), above the turned board below. */
#define FINAL_BLOCK_SURE 0.8
/* ... and there the lattice is refused where this share of another block's points read under
 * 0.5. On the right lattices the model trusts (each photo read with its fold's models, 99 of 138;
 * 227 synthetic boards of every row): at most 0.61; a turned 13x13 whose lattice passed every
 * check 1.4 cells off at one corner: 0.84. Lattices of boards read right with one corner moved a
 * cell along a line, where trusted: all over 0.72 (half of them trusted). */
#define FINAL_BLOCK_UNLIKELY 0.72
/* A lattice is refused where the two outermost lines of points at one side each read under
 * this share of the median of its points: the table beyond the board's edge. Lattices two lines
 * off read 0.001 to 0.11 (a crowded 19x19 under a blue lamp, its last rows dark; plain boards
 * moved two lines); right lattices at least 0.31 (a 9x9 of pale stones, its lamp falling off
 * toward that side), photos as they are and altered at least 0.38 (2,300 lattices: every
 * synthetic row, the photos read by their fold's models). */
#define FINAL_EDGE_SHARE 0.2
/* ... where that median is at least this: a model unsure everywhere says nothing there. */
#define FINAL_EDGE_MEDIAN 0.3
/* A lattice is refused where the two lines of points beyond one of its sides each read at least
 * FINAL_BEYOND_SURE of the median of its points, and beyond another side at least
 * FINAL_BEYOND_SHARE: the board goes on there, and the lattice is a part of a larger board (a
 * 13x13 window on a crowded 19x19 under a blue lamp, its stones past the window dark: 0.83 and
 * 0.61). The lattices read on the photos by their fold's models and on every synthetic row at
 * three seeds (2,417) read at most 0.70 beyond their likeliest side (a 9x9 on a bamboo board
 * beside a cloth), their second at most 0.61; on folds 0-2 altered (820) up to 0.86 beyond one
 * side, under 0.5 beyond every other. Lattices of 9 and 13 lines over a rendered 19x19 or 13x13,
 * sharing a corner or in its middle, are refused (tests/vision/test_vision_final.c). Not asked
 * of a 19x19: no board the reader finds is larger. */
#define FINAL_BEYOND_SURE 0.75
#define FINAL_BEYOND_SHARE 0.55
/* A lattice whose one block of points reads this unlikely or more (FINAL_BLOCK_UNLIKELY's
 * measure) and another at least FINAL_CORNER_SURE surely, short of FINAL_BLOCK_SURE, is read
 * again with each corner moved a cell inward along each of its lines. Of 2,704 lattices judged
 * on the photos of folds 0-2 (as they are, altered once and twice) and the default synthetic
 * boards, 59 reach this block, 5 of them with the second share. Under coloured lamps the model
 * reads no block a quarter surely, and there a corner moved says nothing: right lattices read up
 * to 0.26 of their points likelier so. */
#define FINAL_CORNER_GATE 0.85
#define FINAL_CORNER_SURE 0.4
/* ... and refused where one such move leaves at least this share of all its points fewer read
 * unlikely: that corner lies a line past the board. On the lattices above with a block at least
 * half unlikely and another at least a quarter sure, short of the block measure, no move left
 * more than 0.011 fewer; a steep view's crowded 19x19 whose far corner was fitted on the board's
 * rim, 0.12 (tests/vision/test_vision_final.c moves a corner so on steep views). */
#define FINAL_CORNER_GAIN 0.08
/* A lattice is refused where its outermost line of points at one side reads under
 * FINAL_OFF_OUTER of the median of its points and the line of points just beyond the opposite
 * side at least FINAL_OFF_BEYOND of it, that median at least FINAL_OFF_MEDIAN (the model sure of
 * the board): the lattice sits a line off the board's, one line over the table and the board's
 * edge line left out. Measured on folds 0-2 under two alterations at once (776 lattices, 222 of
 * them with a median of 0.6 or more): a webcam frame of a dim room's 19x19 a line off, 0.015 and
 * 0.85; the others at least 0.39 on their outer line where 0.3 or more beyond, at most 0.32
 * beyond where under 0.4 on it. Unsure (coloured lamps), right lattices read 0.22 and 0.76. */
#define FINAL_OFF_OUTER 0.2
#define FINAL_OFF_BEYOND 0.6
#define FINAL_OFF_MEDIAN 0.6

/* ---- the post-checks of a reading (vision.c) ---- */

/* Stones beyond the lattice: where the line of points just beyond an end holds this share of the
 * lattice's typical line in stone or more, and at least STONES_BEYOND_MIN times the size in all,
 * the board goes on past that end. Lattices that passed their check on real and rendered boards
 * show at most 0.17 (under a flash's glare); a 9x9 or 13x13 lattice over one part of a crowded
 * 19x19 shows 0.41 and up (blurred far lines too faint to end the lattice by themselves). */
#define STONES_BEYOND_SHARE 0.3
#define STONES_BEYOND_MIN 2.0
/* ... and from STONES_BEYOND_FEW times the size where the line beyond holds at least
 * STONES_BEYOND_LEAN of the stone on the lattice's edge line beside it: the far end of a steep
 * view's sparse board, its edge stones' tops leaning over the line beyond, shows 1.56 a point
 * beyond but 0.13 of the edge line's; a 13x13 lattice over part of a crowded 19x19 under a blue
 * lamp, 1.46 a point and 0.78 of its edge line's. Right lattices of photos read, as they are
 * and altered, show at most 1.08 a point where the share reaches STONES_BEYOND_SHARE; a right
 * 19x19 lattice judged on the way to one altered photo's reading, 1.37 a point with no stone
 * on its edge line, is refused, and a later look reads the same points on the same lattice. */
#define STONES_BEYOND_FEW 1.25
#define STONES_BEYOND_LEAN 0.5

/* A lattice is of the board in the photo: its points more than PHOTO_OUT_MARGIN of a cell beyond
 * the photo's frame (a stone there is not in the photo at all) number at most PHOTO_OUT_SHARE of
 * them. A board cut by the frame loses a row or two at one side; a checked cloth's or a room's
 * lattice fitted around a smaller board runs far past the frame on several. */
#define PHOTO_OUT_MARGIN 0.5
#define PHOTO_OUT_SHARE 0.1

/* Colour balance: over 200 real game records and the GNU Go games with 60 stones or more at the
 * end (../shared/data), the smaller colour had at least 0.72 of the larger (one stone a move;
 * captures and handicap shift it by tens). From PLAUSIBLE_MIN_STONES stones a reading under
 * PLAUSIBLE_MIN_SHARE is refused; from PLAUSIBLE_FEW_STONES, one under PLAUSIBLE_FEW_SHARE (the
 * labelled photos with 20 stones or more have 0.57 and up, finished 9x9 games 0.54; stones that
 * take a lamp's colour read as the other colour or as wood far under a quarter). Random
 * positions that are not games can fall under it too, and are refused with them. */
#define PLAUSIBLE_MIN_STONES 100
#define PLAUSIBLE_MIN_SHARE 0.5
#define PLAUSIBLE_FEW_STONES 20
#define PLAUSIBLE_FEW_SHARE 0.25

/* A reading that needs a look at more than this share of its points is refused: readings
 * returned have a few per cent unsure (the photos' at most 5.5%); a lattice half a cell off has
 * about a quarter. */
#define UNSURE_SHARE 0.15
/* ... and one the learned check (points.c) leaves with over this share of its points to look at
 * is refused: readings of right lattices keep a few per cent (photos at most 1.2%; rendered
 * boards of every bench row at most 0.2, crowds under a low light's shadows); a 9x9 lattice over
 * part of a sparse 13x13 seen from low, which passed every check by the lines and the stones,
 * 0.58. */
#define READ_DOUBT_SHARE 0.3
/* ... and one with two of its edge lines each more than this share in doubt: a lattice a line
 * off leaves one end on the margin or the cloth and reads the stones along another half off
 * their points. The photos' right lattices, as they are and altered once, leave at most one edge
 * over half in doubt; altered twice (840 readings), two readings of a 13x13 under a violet lamp in
 * a webcam's frame, read right, had two edges 0.54-0.69 in doubt. The rendered boards read a line
 * off that every other check passed had 0.69-0.89 on two edges. */
#define EDGE_DOUBT_SHARE 0.5

/* Stones on the points: fewer than STONES_MIN stones do not make a measure. The gain (grey
 * levels: the spread half a cell off minus the spread on the point, the mean over the stones) is
 * 12 and up on the photos and 27 and up on rendered crowded boards read right, and 10.1 at most on
 * the wrong grids every other check let through (STONES_GAIN). Under a coloured lamp the
 * luminance keeps little of the light (a blue lamp lights the blue channel, a tenth of it): right
 * grids showed 7.5 and up there, but 21 and up in the gray weighted by the light's colour, where
 * grids half a cell off show at most 5.5 (STONES_GAIN_LIT); under white light the two agree. */
#define STONES_MIN 25
#define STONES_GAIN 11.0
#define STONES_GAIN_LIT 16.0
/* A lattice judged as under a dim lamp: the stones' contrast falls with the light, but the ratio
 * of the spreads off and on the points stays: right lattices under blue and violet lamps 1.71
 * and up, a grid a little off 1.63, a wrong one 1.30. A thin margin, so it is applied last. (In
 * a dim room a right lattice showed a ratio of 3.3 where wrong grids stay under 1.65: the
 * STRONG_CONFIRM_RATIO that stands for any lattice.) */
#define DIM_STONES_RATIO 1.65
/* The gain as a share of the stones' contrast to the wood (vz_stones_on_points): a lamp, a
 * dim room or a camera's low contrast scale the gain in grey levels, not this share. Right
 * lattices: 0.33 and up on rendered boards, 0.17 to 0.23 on photos (the stones' own shading
 * makes their tops less even) under white, blue and violet light and in a dim room alike;
 * lattices a third of a cell or more off on rendered boards: 0.15 at most where the ratio of
 * the spreads reaches STONES_REL_RATIO, which lattices half a cell off (0.7 to 1.3) mostly do
 * not, and a few with a tiny contrast (points between the stones read as pale stones: the share
 * of a gain of 1 or 2 grey levels is noise) do. */
#define STONES_REL 0.165
#define STONES_REL_RATIO 1.5
/* A checked cloth's squares read as stones (vz_stones_like_cloth): a lattice fitted to the
 * cloth beside a board, its cell the checks', can pass the lines' check, the stones' (as under a
 * dim lamp) and the lattice model, and its points sit on squares far more even in tone than a
 * stone's top (rendered gingham: 0.4 to 2 grey levels against 26 to 50 half a cell off, 8 to 100
 * times; stones on their points: at most 5.5 times on rendered boards of every row, 2.7 on the
 * photos), whose corners CLOTH_CORNER of a cell off diagonally (past a round stone's edge: the
 * wood or the gap between stones) keep the square's tone: their difference to the top is 0.18
 * to 0.41 of the squares' contrast to the wood on the cloth, 0.76 and up on the photos and 0.63
 * and up on rendered boards. Both are asked, so that neither a very even stone nor a square's
 * corners blurred into the next square refuse alone. Means over the stones, from STONES_MIN;
 * the corners in boxes CLOTH_BOX_HALF pixels from their middle (of PCELL a cell). */
#define CLOTH_EVEN_RATIO 7.0
#define CLOTH_ROUND 0.55
#define CLOTH_CORNER 0.4
#define CLOTH_BOX_HALF 2
/* Short of STONES_REL, from this share up the lattice model decides: webcam frames of right
 * lattices (cells about 15 px, blurred) showed 0.152 to 0.158; wrong lattices reach 0.15 (above).
 */
#define STONES_MODEL_REL 0.12
/* ... a lattice whose points it reads as points by this mean at least (right lattices of those
 * frames: 0.78 to 0.80) while moved half a cell along either family or both they read as none,
 * by this mean at most (those frames: 0.08 at most). */
#define STONES_MODEL_ON 0.6
#define STONES_MODEL_OFF 0.25
/* A sparse board read in its part by colour (vision.c: read_region, sparse_points_hold), fewer
 * than STONES_MIN stones to judge its lattice by: the lattice model reads its points, mostly
 * empty, as points by SPARSE_MODEL_ON on average at least and, moved half a cell along either
 * family or both, as none by SPARSE_MODEL_OFF at most (right lattices of sparse boards, photos
 * seen from lower and rendered boards on a cloth: 0.79 to 1.0 on the points, 0.08 at most half
 * a cell off; lattices through a cloth's crossings read under 0.1, EVIDENCE_MIN). The likeliest
 * line of points just beyond an end must read at most SPARSE_BEYOND_SHARE of the points' mean:
 * right lattices 0.67 of it at most (a rendered board's near edge seen from lower), a 13x13
 * lattice over part of a sparse 19x19 in a webcam frame 1.0 (the board's lines go on there). */
#define SPARSE_MODEL_ON 0.6
#define SPARSE_MODEL_OFF 0.25
#define SPARSE_BEYOND_SHARE 0.8
/* The wood's tone for the stones' contrast: the median of at least this many empty points. */
#define STONES_WOOD_MIN 10

/* The clusters' reading replaces a reading of one colour from this many stones (a board of
 * dark stones with its pale ones read as wood was returned as a set-up with 20). */
#define CLUSTERS_MIN_STONES 10
/* ... or with fewer of one colour when the new stones hide their lines: their median dip under
 * HIDDEN_SHARE of the points both readings call empty, which show the lines at HIDDEN_CLEAR
 * (grey levels, twice the dip from which the lines' veto judges) or more. Stones that took the
 * wood's colour under an orange lamp dip about 2 where the wood's lines dip 60 and more. */
#define HIDDEN_SHARE 0.25
#define HIDDEN_CLEAR 8.0

/* A reading with more than RETRY_SHARE of its points in groups without liberty (impossible on a
 * finished board; a crowd of tinted stones turned in the photo has them) is read again by the
 * clusters, from RETRY_MIN such stones: two on a sparse board are the position's, and the
 * clusters, which need stones to find their colours, read such a board worse. */
#define RETRY_SHARE 0.01
#define RETRY_MIN 4
/* ---- the board's region by its colour (region.c: vz_board_region) ---- */

/* The photo is judged at this long side: a 9x9 board a third of the photo is still 80 pixels
 * across, its wood showing between the stones; a quarter of a million pixels cluster fast. */
#define REGION_SIDE 240
/* Colours clustered: a checked cloth takes three (its two colours and their mix), the wood, the
 * black and the white stones one each; the room and the light's fall-off the rest. */
#define REGION_COLOURS 7
#define REGION_ROUNDS 8
/* Chroma weighs this many times lightness: a lamp's fall-off changes the wood's lightness across
 * the board, not its hue. */
#define REGION_CHROMA 4.0
/* A lamp's fall-off splits a board's wood into clusters of one hue and two lightnesses: tinted
 * clusters (chroma REGION_TINT or more, in Lab units; grey stones, a white wall and a black
 * cloth are not) whose hues lie within REGION_HUE_NEAR of each other are also judged as one.
 * The wood's halves lie 1 to 7 apart, a checked cloth's colours and the wood 14 or more. */
#define REGION_TINT 10.0
#define REGION_HUE_NEAR 9.0
/* Blocks (pixels of the small image, about a cell of a 9x9 board filling a third of the photo)
 * that hold this share of a colour are of that colour's piece: on a crowded board the wood shows
 * only between the stones. */
#define REGION_BLOCK 4
#define REGION_SHARE 0.2
/* A board's piece covers from REGION_LEAST to REGION_MOST of the photo (its hull): a 9x9 a step
 * back from the table covers a twentieth; a cloth or a wall round the board covers the rest, */
#define REGION_LEAST 0.04
#define REGION_MOST 0.7
/* ... fills its hull (a board is a quadrilateral, its holes the stones, filled), */
#define REGION_SOLID 0.75
/* ... and holds most of its colour's pixels (a cloth's colours lie all round the board). */
#define REGION_HELD 0.7
/* ... and is marked inside: in its hull shrunk to REGION_CORE of its size about its centre, at
 * least REGION_MARKED of the pixels are of other colours (the stones, the lines; a reading needs
 * STONES_MIN stones, a twentieth of a 19x19's points), where a plain box, a book or a
 * phone beside the board is of one colour through. */
#define REGION_CORE 0.8
#define REGION_MARKED 0.02
/* The piece's edge is the hull of its colour's pixels with this many of their 8 neighbours of it
 * (a lone pixel of a colour on a cloth's edge is the JPEG's), */
#define REGION_NEIGHBOURS 4
/* ... grown about its centre (the wood's hull ends at the board's edge; the cloth beyond it, left
 * inside, reads as stones past the edge), and the part of the photo read around it: a plain
 * margin around the board, as on a plain table. */
#define REGION_GROW 0.02
#define REGION_MARGIN 0.15
/* The looks that read the part (with their fits to the stones): with the first alone the bench's
 * cloth row reads 34 of its 39 boards perfectly, with all eight 36 (the scene row alike), but all
 * eight add 1.2 s of CPU to a refusal (a 19x19 in a dim room; the first look 0.35 s), past what a
 * refusal may take. */
#define REGION_LOOKS 1
/* A part refused as it is is read again enlarged to the work image's size when that enlarges
 * it this many times or more: less, and it reads about as it did. */
#define REGION_ZOOM_LEAST 1.2
/* A photo whose longer side is under this share of the work size (a webcam's frame) is read
 * again enlarged to it once the other scales refuse it: the line kernels, least line lengths
 * and checks are measured in the work size's pixels, and a crowded 19x19 blurred in a small
 * frame shows its far lines too thin and short at its own size. */
#define SMALL_PHOTO_SHARE 0.8

/* The work a scan may spend looking for the board, counted in steps, not time, so that the
 * attempts made, and so the reading, are the same on every machine and every run: a look's
 * lattice found and fitted (WORK_LOOK), a lattice fitted to the stones (WORK_STONE_FIT), a
 * reading through a lattice with its checks (WORK_READING); one step is 4 to 21 ms of one core
 * here, as the photo holds few lines or many. Once WORK_BUDGET is spent no further look, size,
 * scale, turn or part of the photo is tried: the scan is refused with the first look's reason.
 * The bench's boards and photos that read (synthetic, four sets of seeds; the photos as they are
 * and altered) had spent at most 84 steps when their last attempt started; refusals spend up
 * to 137 without it. */
#define WORK_LOOK 3
#define WORK_STONE_FIT 1
#define WORK_READING 2
#define WORK_BUDGET 85

/* The corner model (corners.c): the work image scaled to fit CORNER_IN_W x CORNER_IN_H (a 4:3
 * photo fills it), at its top-left, the rest black; its map of "a lattice's corner is here" at
 * 1/CORNER_STRIDE of that. Small enough for one core in tens of milliseconds; a 19x19's cell at
 * 0.8 of the photo's height is 7 input pixels, under 2 of the map's, which the peaks' sub-pixel
 * places make up in part: a person's corners start there. */
#define CORNER_IN_W 256
#define CORNER_IN_H 192
#define CORNER_STRIDE 4
/* A peak of the map is a corner from this probability up (the model's corners on rendered boards
 * it did not train on peak near 1, a cloth's crossings and stones' rims well under it), and
 * peaks closer than CORNER_PEAK_APART map pixels each way are one (a 9x9 a third of the photo's
 * height spans over 15). */
#define CORNER_PEAK_MIN 0.2
#define CORNER_PEAK_APART 3
/* A refused photo's corners: the refused lattice's stand where each lies within this many cells
 * (the smaller of its and the outline's) of one of the corner model's outline: the same board,
 * and the lattice is fitted to the lines, where the outline's corners lie a quarter of a cell off
 * in the median on rendered boards it did not train on. Farther, the outline's are taken: on the
 * mixed row's development refusals, the lattices refused that lay within 2 cells of the board's
 * corners were 38 of 156, the outline's 103. */
#define OUTLINE_AGREE 2.0

#endif
