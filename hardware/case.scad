// dicebox case: a tray (base) and a screwed-on face (lid). `make case` renders
// both as STL and a preview PNG; docs/hardware.md, "The case", says how to build it.
//
//   openscad -D 'panel="1.3"' -D 'battery="3xAAA"' -D button_pitch=12.7 -D 'part="lid"' -o lid.stl case.scad
//
// Sizes in mm. "datasheet" figures are cited in docs/hardware.md; "typical"
// ones are the common module sellers' drawings: measure your part and set them.

panel = "0.96";          // "0.96" (SSD1306 module) or "1.3" (SH1106 module)
button_pitch = 12.7;     // button centre to centre; a multiple of 2.54 lands on perfboard
battery = "3xAA";        // "3xAA", "3xAAA" or "1x18650" (a protected Li-ion cell)
part = "preview";        // "base", "lid" or "preview" (assembled, lid lifted)

wall = 2.0;
floor_t = 2.0;
lid_t = 2.0;
fit = 0.5;               // clearance around every part

// Raspberry Pi Pico / Pico 2 (datasheet mechanical drawing): 51 x 21 mm board,
// 1 mm thick, four 2.1 mm holes 47.0 x 11.4 mm apart, the micro-USB receptacle
// overhanging the short edge by 1.3 mm.
pico = [21, 51, 1.0];
pico_holes = [11.4, 47.0];
pico_hole_d = 2.1;
pico_usb_overhang = 1.3;
pico_usb_h = 2.6;        // receptacle height above the board (typical micro-B)
pico_standoff = 3.0;     // room under the board for wire ends
usb_plug = [11.0, 8.0];  // opening for the cable's plug overmould (typical micro-B: ~10.5 x 7)

// OLED modules: [pcb w, pcb h, hole dx, hole dy, hole d, active w, active h,
//                viewing w, viewing h, glass t, active-area centre offset from the pcb centre (+ toward the header)]
// 0.96": panel datasheet (UG-2864HSWEG01-class glass) active area 21.74 x 10.86, viewing
//        area 23.74 x 12.86, glass 1.45 thick; pcb 27.3 x 27.8, holes 2 mm at 23.5 x 23.8: typical.
// 1.3":  SH1106 glass active area 29.42 x 14.70, viewing area 31.42 x 16.70, glass 1.6 thick
//        (typical panel sheets); pcb 35.4 x 33.5, holes 3 mm at 30.4 x 28.5: typical.
function oled(p) = p == "1.3"
    ? [35.4, 33.5, 30.4, 28.5, 3.0, 29.42, 14.70, 31.42, 16.70, 1.6, 1.0]
    : [27.3, 27.8, 23.5, 23.8, 2.0, 21.74, 10.86, 23.74, 12.86, 1.45, 1.0];
M = oled(panel);
assert(panel == "0.96" || panel == "1.3", "panel must be \"0.96\" or \"1.3\"");

// 6 x 6 mm tactile switch, tall plunger (Omron B3F-1005 class: 7.3 mm high, plunger 3.5 mm)
switch_body = 6.0;
switch_h = 7.3;
plunger_d = 3.5;
protrude = 1.0;          // plunger above the face
button_hole_d = plunger_d + 2 * fit;
perf_t = 1.6;
button_standoff = switch_h - protrude - lid_t;   // perfboard top to the lid's underside
assert(button_pitch >= switch_body + 1.5, "button_pitch: the 6 mm switches would touch");
assert(button_standoff > 0, "switch_h too short for this lid");

// battery holders: [footprint x, footprint y, height], from the cells (AA 14.5 x 50.5,
// AAA 10.5 x 44.5, 18650 18.5 x 65.0: IEC 60086 / common cell sizes) plus the holder's walls
function holder(b) = b == "3xAAA" ? [3 * 10.5 + 4, 44.5 + 10, 10.5 + 2]
                   : b == "1x18650" ? [18.5 + 4, 65.0 + 10, 18.5 + 2]
                   : [3 * 14.5 + 4, 50.5 + 10, 14.5 + 2];
assert(battery == "3xAA" || battery == "3xAAA" || battery == "1x18650", "battery must be 3xAA, 3xAAA or 1x18650");
B = holder(battery);

// slide switch on the east wall (SS12D00-class: actuator slot ~ 8 x 3.5 mm)
switch_slot = [8.5, 4.0];

// lid screws: M2.5 self-tapping into four corner posts
screw_d = 2.2;
screw_clear = 2.9;
post_d = 6.0;

// ---- layout (inside the walls; origin at the inner south-west floor corner) ----
under_lid = button_standoff + perf_t + 2.5;       // what hangs under the face: switches, solder tails
// the Pico and the holder stand clear of the corner posts in x; the holder runs between them in y
in_x = max(2 * (post_d + fit) + pico[0] + 3 + B[0], M[0] + 2 * fit + 8, 3 * button_pitch + switch_body + 22);
in_y = max(pico[1] + pico_usb_overhang + 2 * fit + 4, B[1] + 2 * fit, M[1] + switch_body + 22);
in_z = max(B[2], pico_standoff + pico[2] + pico_usb_h) + under_lid + 1;
out = [in_x + 2 * wall, in_y + 2 * wall, in_z + floor_t];

pico_x = post_d + fit + pico[0] / 2;                      // Pico by the west wall, USB to the north
pico_y = in_y - pico_usb_overhang - fit - pico[1] / 2;
bat_x = in_x - post_d - fit - B[0] / 2;                   // battery by the east wall
bat_y = in_y / 2;
oled_x = in_x / 2;                                        // face: panel near the north end, buttons below
oled_y = in_y - fit - 3 - M[1] / 2;
btn_y = oled_y - M[1] / 2 - 4 - switch_body / 2 - 2;
window = [M[5] + 2 * fit, M[6] + 2 * fit];
usb_z = pico_standoff + pico[2] + pico_usb_h / 2;         // above the floor's top

// the window shows the whole active area and stays inside the viewing area
assert(window[0] >= M[5] && window[0] <= M[7] && window[1] >= M[6] && window[1] <= M[8],
       "window outside the panel's active/viewing area");
assert(usb_z - usb_plug[1] / 2 >= 0, "USB opening runs into the floor");
assert(btn_y - switch_body / 2 > 2, "buttons run off the face's south edge");

echo(str("case outside ", out[0], " x ", out[1], " x ", out[2] + lid_t, " mm; panel ", panel,
         ", window ", window[0], " x ", window[1], " (active ", M[5], " x ", M[6], ", viewing ", M[7], " x ", M[8],
         "); button holes ", button_hole_d, " at ", button_pitch, " pitch (plunger ", plunger_d,
         ", ", protrude, " above the face, perfboard standoffs ", button_standoff,
         "); USB opening ", usb_plug[0], " x ", usb_plug[1], " centred ", usb_z + floor_t,
         " above the bottom; battery ", battery, " holder ", B[0], " x ", B[1], " x ", B[2]));

$fn = 40;
post_in = post_d / 2 - 1;    // 1 mm into the walls: a post that only touched them would not print as one solid
posts = [[post_in, post_in], [in_x - post_in, post_in], [post_in, in_y - post_in], [in_x - post_in, in_y - post_in]];

module rounded(size, r = 3) {
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = size[2]);
}

module base() {
    difference() {
        rounded(out);
        translate([wall, wall, floor_t]) cube([in_x, in_y, in_z + 1]);
        // USB: the plug's overmould passes the north wall
        translate([wall + pico_x - usb_plug[0] / 2, wall + in_y - 1, floor_t + usb_z - usb_plug[1] / 2])
            cube([usb_plug[0], wall + 2, usb_plug[1]]);
        // power switch slot in the east wall, level with the battery's top
        translate([wall + in_x - 1, wall + bat_y - switch_slot[0] / 2, floor_t + B[2] - switch_slot[1]])
            cube([wall + 2, switch_slot[0], switch_slot[1]]);
    }
    // Pico standoffs with pins through its holes
    for (dx = [-1, 1], dy = [-1, 1])
        translate([wall + pico_x + dx * pico_holes[0] / 2, wall + pico_y + dy * pico_holes[1] / 2, floor_t]) {
            cylinder(d = 4.5, h = pico_standoff);
            cylinder(d = pico_hole_d - 0.3, h = pico_standoff + pico[2] + 0.8);
        }
    // corner posts for the lid screws
    for (p = posts)
        translate([wall + p[0], wall + p[1], floor_t]) difference() {
            cylinder(d = post_d, h = in_z);
            translate([0, 0, in_z - 10]) cylinder(d = screw_d, h = 11);
        }
    // battery stops: two low rails
    for (s = [-1, 1])
        translate([wall + bat_x - B[0] / 2 - fit - 1.5 + (s > 0 ? B[0] + 2 * fit + 1.5 : 0), wall + bat_y - 10, floor_t])
            cube([1.5, 20, 4]);
}

module lid() {
    difference() {
        rounded([out[0], out[1], lid_t]);
        translate([wall + oled_x - window[0] / 2, wall + oled_y + M[10] - window[1] / 2, -1])
            cube([window[0], window[1], lid_t + 2]);
        for (i = [0:3])
            translate([wall + in_x / 2 + (i - 1.5) * button_pitch, wall + btn_y, -1])
                cylinder(d = button_hole_d, h = lid_t + 2);
        for (p = posts)
            translate([wall + p[0], wall + p[1], -1]) cylinder(d = screw_clear, h = lid_t + 2);
    }
    // under the face (drawn with the lid's outside up: these hang down)
    // panel pegs: the glass rests against the face, pins through the module's holes
    for (dx = [-1, 1], dy = [-1, 1])
        translate([wall + oled_x + dx * M[2] / 2, wall + oled_y + dy * M[3] / 2, 0]) mirror([0, 0, 1]) {
            cylinder(d = M[4] + 1.6, h = M[9]);
            cylinder(d = M[4] - 0.4, h = M[9] + 2.2);
        }
    // perfboard standoffs either side of the button row, a 2 mm screw each
    for (s = [-1, 1])
        translate([wall + in_x / 2 + s * (1.5 * button_pitch + switch_body / 2 + 4), wall + btn_y, 0])
            mirror([0, 0, 1]) difference() {
                cylinder(d = 5, h = button_standoff);
                cylinder(d = 1.8, h = button_standoff + 1);
            }
    // a lip that keeps the face square on the walls
    translate([wall + fit, wall + fit, 0]) mirror([0, 0, 1]) difference() {
        cube([in_x - 2 * fit, in_y - 2 * fit, 1.5]);
        translate([1.2, 1.2, -1]) cube([in_x - 2 * fit - 2.4, in_y - 2 * fit - 2.4, 4]);
        for (p = posts) translate([p[0] - fit, p[1] - fit, -1]) cylinder(d = post_d + 1, h = 4);
    }
}

module parts_inside() {
    // the Pico, the battery holder and the panel, to check the fit by eye
    color("green", 0.8) translate([wall + pico_x - pico[0] / 2, wall + pico_y - pico[1] / 2, floor_t + pico_standoff])
        cube(pico);
    color("silver") translate([wall + pico_x - 4, wall + pico_y + pico[1] / 2 - 5 + pico_usb_overhang, floor_t + pico_standoff + pico[2]])
        cube([8, 5, pico_usb_h]);
    color("royalblue", 0.8) translate([wall + bat_x - B[0] / 2, wall + bat_y - B[1] / 2, floor_t]) cube(B);
}

if (part == "base") base();
else if (part == "lid") rotate([180, 0, 0]) lid();       // face down on the bed
else {
    color("lightsteelblue") base();
    parts_inside();
    lift = out[2] + 18;
    translate([0, 0, lift]) color("dimgray") lid();
    color("black") translate([wall + oled_x - M[0] / 2, wall + oled_y - M[1] / 2, lift - M[9] - 1.2])
        cube([M[0], M[1], 1.2]);
}
